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
import { DEFAULT_AIRPORT, heldAirport, setCoordinatorEmail } from "../airports/held";
import type { Database } from "../db/client";
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

/**
 * Issue 37: the coordinator's address belongs to an airport. The `coordinator_email` setting
 * stays as the default airport's (MEX): read from it, and written to it with the setting.
 */
async function withAirportCoordinator(db: Database, setting: Setting): Promise<Setting> {
  if (setting.name !== "coordinator_email") return setting;
  const airport = await heldAirport(db, DEFAULT_AIRPORT);
  return { ...setting, value: { email: airport?.coordinatorEmail ?? null } };
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
  const settings = rows.map((row) => toSetting(row, services.schemas));
  return { status: 200, body: await Promise.all(settings.map((setting) => withAirportCoordinator(services.db, setting))) };
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
  const now = services.now();
  const coordinator = row.name === "coordinator_email" && services.schemas.is("CoordinatorEmailValue", body.value) ? body.value : null;
  const updated = await storeSettingValue(services.db, row.id, label, body.value, expected, user, now, async (tx) => {
    if (coordinator !== null) await setCoordinatorEmail(tx, DEFAULT_AIRPORT, coordinator.email?.trim() || null, user, now);
  });
  return { status: 200, body: await withAirportCoordinator(services.db, toSetting(updated, services.schemas)) };
};
