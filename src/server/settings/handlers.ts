/**
 * Business settings. Each setting's value has its own schema in the contract (`SettingValue`'s
 * branches); the stored jsonb is checked against it on the way out, the request on the way in.
 */
import { isDeepStrictEqual } from "node:util";
import { asc, eq, inArray } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import type { Handler } from "../contract/routes";
import type { SchemaValidator } from "../contract/schemas";
import { settings } from "../db/schema";
import { HttpError, validationErrorBody } from "../http/errors";
import { checkVersion, expectedVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import { SETTING_DEFINITIONS } from "./definitions";

type Setting = components["schemas"]["Setting"];
type SettingName = Setting["name"];

function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_DEFINITIONS, name);
}

function toSetting(row: { id: number; name: string; value: unknown; version: number }, schemas: SchemaValidator): Setting {
  if (row.name === "accomplishment" && schemas.is("AccomplishmentValue", row.value)) {
    return { id: row.id, name: row.name, value: row.value, version: row.version };
  }
  if (row.name === "coordinator_email" && schemas.is("CoordinatorEmailValue", row.value)) {
    return { id: row.id, name: row.name, value: row.value, version: row.version };
  }
  if (row.name === "airline" && schemas.is("AirlineValue", row.value)) {
    return { id: row.id, name: row.name, value: row.value, version: row.version };
  }
  throw new Error(`Setting ${row.name} (${row.id}) holds a value its schema refuses`);
}

export const listSettings: Handler<"listSettings"> = async ({ query, services }) => {
  const names = [
    ...new Set(
      (query.names ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((n) => !isSettingName(n));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      `Configuración desconocida: ${unknown.map((n) => `«${n}»`).join(", ")}.`,
      unknown.map((n) => ({ field: "names", message: `No existe la configuración «${n}».` })),
    );
  }
  const rows = await services.db
    .select({ id: settings.id, name: settings.name, value: settings.value, version: settings.version })
    .from(settings)
    .where(names.length > 0 ? inArray(settings.name, names) : undefined)
    .orderBy(asc(settings.name));
  return { status: 200, body: rows.map((row) => toSetting(row, services.schemas)) };
};

export const modifySetting: Handler<"modifySetting"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  const [row] = await services.db.select().from(settings).where(eq(settings.id, body.id));
  if (!row) throw new HttpError(404, `No existe la configuración con id ${body.id}.`);
  if (!isSettingName(row.name)) throw new Error(`Setting ${row.name} has no definition`);
  const { schema, label } = SETTING_DEFINITIONS[row.name];
  const problems = services.schemas.errorsOf(schema, body.value);
  if (problems.length > 0) {
    // Named as the request's fields (`value.accomplishment`), in the router's Spanish.
    const refusal = validationErrorBody(
      problems.map((problem) => ({ ...problem, instancePath: `/value${problem.instancePath}` })),
      "body",
    );
    throw new HttpError(400, refusal.message, refusal.errors);
  }
  const updated = await services.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ value: settings.value, version: settings.version, changedBy: settings.updatedByName, changedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.id, row.id))
      .for("update");
    if (!current) throw new HttpError(404, `No existe la configuración con id ${body.id}.`);
    checkVersion(expected, current, `la configuración «${label}»`);
    // The same value saved again moves no version: nobody else's view of it went stale.
    const stamp = isDeepStrictEqual(current.value, body.value)
      ? { updatedAt: services.now(), updatedBy: user.id }
      : versionStamp(settings.version, user, services.now());
    const [stored] = await tx
      .update(settings)
      .set({ value: body.value, ...stamp })
      .where(eq(settings.id, row.id))
      .returning({ id: settings.id, name: settings.name, value: settings.value, version: settings.version });
    if (!stored) throw new HttpError(404, `No existe la configuración con id ${body.id}.`);
    await recordAudit(tx, user, services.now(), {
      action: "setting.modify",
      targetType: "setting",
      targetId: stored.id,
      targetLabel: label,
      details: { value: { from: current.value, to: stored.value } },
    });
    return stored;
  });
  return { status: 200, body: toSetting(updated, services.schemas) };
};
