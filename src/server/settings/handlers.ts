/**
 * Business settings. Each setting's value has its own schema in the contract (`SettingValue`'s
 * branches); the stored jsonb is checked against it on the way out, the request on the way in.
 */
import type { components } from "../../generated/openapi";
import type { Handler } from "../contract/routes";
import type { SchemaValidator } from "../contract/schemas";
import { HttpError, validationErrorBody } from "../http/errors";
import { expectedVersion } from "../http/versions";
import { SETTING_DEFINITIONS } from "./definitions";
import { findSettingRow, listSettingRows, storeSettingValue } from "./queries";

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
  const rows = await listSettingRows(services.db, names);
  return { status: 200, body: rows.map((row) => toSetting(row, services.schemas)) };
};

export const modifySetting: Handler<"modifySetting"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  const row = await findSettingRow(services.db, body.id);
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
  const updated = await storeSettingValue(services.db, row.id, label, body.value, expected, user, services.now());
  return { status: 200, body: toSetting(updated, services.schemas) };
};
