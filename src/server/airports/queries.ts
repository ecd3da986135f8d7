/**
 * The airports table's SQL: the list every screen reads, and the Admin's Aeropuertos tab (issue 37
 * item 1): each edit one transaction with its audit record and version check.
 */
import { asc, eq } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import { type AuditRecord, changes, recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { airports } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";

type Airport = components["schemas"]["Airport"];
type AirportDetail = components["schemas"]["AirportDetail"];
type Level = AirportDetail["coordination_level"];

const levelOf = (value: number | null): Level => (value === 3 || value === 2 ? value : null);

/** The columns of the public list; Admin's detail adds to them. */
const listColumns = {
  id: airports.id,
  code: airports.code,
  name: airports.name,
  city: airports.city,
  country: airports.country,
  time_zone: airports.timeZone,
  coordination_level: airports.coordinationLevel,
  active: airports.active,
};

/** The list every screen reads: route names, and the picker's active airports in their zone. */
export async function listAirportRows(db: Database): Promise<Airport[]> {
  const rows = await db.select(listColumns).from(airports).orderBy(asc(airports.code));
  return rows.map((row) => ({ ...row, coordination_level: levelOf(row.coordination_level) }));
}

/** Admin's Aeropuertos tab: the list's columns, the coordinator and the version. */
const detailColumns = {
  ...listColumns,
  coordinator_email: airports.coordinatorEmail,
  coordinator_sita: airports.coordinatorSita,
  version: airports.version,
};

/** A row as read: the level is a smallint the contract narrows to 3, 2 or null. */
type DetailRow = Omit<AirportDetail, "coordination_level"> & { coordination_level: number | null };

const detailOf = (row: DetailRow): AirportDetail => ({ ...row, coordination_level: levelOf(row.coordination_level) });

/** Every airport with its zone, coordination and coordinator, by code (Admin). */
export async function listAirportDetailRows(db: Database): Promise<AirportDetail[]> {
  const rows = await db.select(detailColumns).from(airports).orderBy(asc(airports.code));
  return rows.map(detailOf);
}

/** An airport's editable fields, as checked by the handlers. */
export interface AirportValues {
  name: string;
  city: string;
  country: string;
  timeZone: string;
  coordinationLevel: 2 | 3 | null;
  coordinatorEmail: string | null;
  coordinatorSita: string | null;
  active: boolean;
}

/** An edit: a field left undefined keeps its stored value. */
export type AirportEdit = Pick<AirportValues, "name" | "city" | "country" | "timeZone"> & {
  [K in "coordinationLevel" | "coordinatorEmail" | "coordinatorSita" | "active"]?: AirportValues[K] | undefined;
};

/** The fields an edit records in the audit log (the code never changes). */
const auditFields = (row: AirportValues) => ({
  name: row.name,
  city: row.city,
  country: row.country,
  time_zone: row.timeZone,
  coordination_level: row.coordinationLevel,
  coordinator_email: row.coordinatorEmail,
  coordinator_sita: row.coordinatorSita,
  active: row.active,
});

const valuesOf = (row: AirportDetail): AirportValues => ({
  name: row.name,
  city: row.city,
  country: row.country,
  timeZone: row.time_zone,
  coordinationLevel: row.coordination_level,
  coordinatorEmail: row.coordinator_email,
  coordinatorSita: row.coordinator_sita,
  active: row.active,
});

async function auditAirport(db: Database, actor: AuthenticatedUser, now: Date, action: AuditRecord["action"], airport: { id: number; code: string }, details: AuditRecord["details"]) {
  await recordAudit(db, actor, now, { action, targetType: "airport", targetId: airport.id, targetLabel: airport.code, details });
}

export function insertAirport(db: Database, code: string, values: AirportValues, user: AuthenticatedUser, now: Date): Promise<AirportDetail> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: airports.id }).from(airports).where(eq(airports.code, code));
    if (existing) {
      const message = `El aeropuerto ${code} ya está en la lista: edítelo en vez de agregarlo.`;
      throw new HttpError(409, message, [{ field: "code", message }]);
    }
    const [inserted] = await tx
      .insert(airports)
      .values({ code, ...values, updatedAt: now, updatedBy: user.id })
      .returning(detailColumns);
    if (!inserted) throw new Error("insert returned no row");
    const created = detailOf(inserted);
    await auditAirport(tx, user, now, "airport.create", created, auditFields(values));
    return created;
  });
}

/**
 * Edits an airport from the version read: 409 `STALE VERSION` naming who changed it and when,
 * 404 when there is no such airport. `check` sees the stored airport and the edit before it is
 * written (the default airport stays active).
 */
export function updateAirportRow(
  db: Database,
  id: number,
  expected: number | null,
  edit: AirportEdit,
  user: AuthenticatedUser,
  now: Date,
  check: (before: AirportDetail, values: AirportValues) => void,
): Promise<AirportDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...detailColumns, changedBy: airports.updatedByName, changedAt: airports.updatedAt })
      .from(airports)
      .where(eq(airports.id, id))
      .for("update");
    if (!row) throw new HttpError(404, `No existe el aeropuerto ${id}.`);
    checkVersion(expected, row, `el aeropuerto ${row.code}`);
    const { changedBy: _by, changedAt: _at, ...stored } = row;
    const before = detailOf(stored);
    const kept = valuesOf(before);
    const values: AirportValues = {
      ...edit,
      coordinationLevel: edit.coordinationLevel === undefined ? kept.coordinationLevel : edit.coordinationLevel,
      coordinatorEmail: edit.coordinatorEmail === undefined ? kept.coordinatorEmail : edit.coordinatorEmail,
      coordinatorSita: edit.coordinatorSita === undefined ? kept.coordinatorSita : edit.coordinatorSita,
      active: edit.active ?? kept.active,
    };
    check(before, values);
    const diff = changes(auditFields(kept), auditFields(values));
    // Saved unchanged, the airport keeps its version.
    if (Object.keys(diff).length === 0) return before;
    const [after] = await tx
      .update(airports)
      .set({ ...values, ...versionStamp(airports.version, user, now) })
      .where(eq(airports.id, id))
      .returning(detailColumns);
    if (!after) throw new Error("update returned no row");
    const updated = detailOf(after);
    await auditAirport(tx, user, now, "airport.update", updated, diff);
    return updated;
  });
}
