/**
 * IATA seasons: the list every screen reads, and the Admin resource. A season's dates are the IATA
 * dates of its code, nothing else.
 */
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { todayInZone } from "../../domain/seasons";
import { changes, recordAudit } from "../audit/record";
import type { Handler } from "../contract/routes";
import type { Database } from "../db/client";
import { seasons } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion, expectedVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import { assertIataDates } from "./dates";

const columns = {
  id: seasons.id,
  name: seasons.name,
  start_date: seasons.startDate,
  end_date: seasons.endDate,
  version: seasons.version,
};

/** The fields an edit records in the audit log (the id never changes). */
const auditFields = (row: { name: string; start_date: string; end_date: string }) => ({
  name: row.name,
  start_date: row.start_date,
  end_date: row.end_date,
});

export const listSeasons: Handler<"listSeasons"> = async ({ query, services }) => {
  const conditions: SQL[] = [];
  const holding = (date: string) => [lte(seasons.startDate, date), gte(seasons.endDate, date)];
  if (query.current === true) conditions.push(...holding(todayInZone(services.now())));
  if (query.for_date !== undefined) conditions.push(...holding(query.for_date));
  if (query.id !== undefined) conditions.push(eq(seasons.id, query.id));
  if (query.name !== undefined) conditions.push(eq(seasons.name, query.name));
  const rows = await services.db
    .select(columns)
    .from(seasons)
    .where(and(...conditions))
    .orderBy(desc(seasons.startDate));
  return { status: 200, body: rows };
};

async function refuseDuplicate(db: Database, name: string, exceptId?: number): Promise<void> {
  const [existing] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.name, name));
  if (existing && existing.id !== exceptId) {
    throw new HttpError(409, `La temporada ${name} ya existe.`, [{ field: "name", message: `La temporada ${name} ya existe.` }]);
  }
}

export const createSeason: Handler<"createSeason"> = async ({ body, user, services }) => {
  assertIataDates(body);
  const row = await services.db.transaction(async (tx) => {
    await refuseDuplicate(tx, body.name);
    const [inserted] = await tx
      .insert(seasons)
      .values({ name: body.name, startDate: body.start_date, endDate: body.end_date })
      .returning(columns);
    if (!inserted) throw new Error("insert returned no row");
    await recordAudit(tx, user, services.now(), {
      action: "season.create",
      targetType: "season",
      targetId: inserted.id,
      targetLabel: inserted.name,
      details: { start_date: inserted.start_date, end_date: inserted.end_date },
    });
    return inserted;
  });
  return { status: 201, body: row };
};

export const updateSeason: Handler<"updateSeason"> = async ({ params, body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  assertIataDates(body);
  const row = await services.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ ...columns, changedBy: seasons.updatedByName, changedAt: seasons.updatedAt })
      .from(seasons)
      .where(eq(seasons.id, params.id))
      .for("update");
    if (!before) throw new HttpError(404, `No existe la temporada ${params.id}.`);
    checkVersion(expected, before, `la temporada ${before.name}`);
    // Saving it unchanged changes nothing, its version included.
    const unchanged = Object.keys(changes(auditFields(before), auditFields(body))).length === 0;
    if (unchanged) return { id: before.id, name: before.name, start_date: before.start_date, end_date: before.end_date, version: before.version };
    await refuseDuplicate(tx, body.name, before.id);
    const [after] = await tx
      .update(seasons)
      .set({
        name: body.name,
        startDate: body.start_date,
        endDate: body.end_date,
        ...versionStamp(seasons.version, user, services.now()),
      })
      .where(eq(seasons.id, before.id))
      .returning(columns);
    if (!after) throw new Error("update returned no row");
    const diff = changes(auditFields(before), auditFields(after));
    if (Object.keys(diff).length > 0) {
      await recordAudit(tx, user, services.now(), {
        action: "season.update",
        targetType: "season",
        targetId: after.id,
        targetLabel: after.name,
        details: diff,
      });
    }
    return after;
  });
  return { status: 200, body: row };
};
