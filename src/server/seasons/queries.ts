/**
 * The seasons table's SQL: the list every screen reads and the Admin's edits, each one
 * transaction with its audit record and version check (find.ts reads one season).
 */
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import { changes, recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { seasons } from "../db/schema";
import { DEFAULT_AIRPORT } from "../airports/held";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import { assertCalendarDates } from "./dates";
import { newSeasonRuleColumns, type SeasonDetail, seasonDetail, seasonDetailColumns as columns, type SeasonDetailRow } from "./detail";

type SeasonWrite = components["schemas"]["SeasonWrite"];
type SeasonUpdate = components["schemas"]["SeasonUpdate"];

/** The fields an edit records in the audit log (the id never changes). */
const auditFields = (row: Omit<SeasonDetailRow, "id" | "version" | "airport">) => ({
  name: row.name,
  start_date: row.start_date,
  end_date: row.end_date,
  usage_threshold: row.usage_threshold,
  tolerance_minutes: row.tolerance_minutes,
  outside_counts_as_used: row.outside_counts_as_used,
  historics_baseline_date: row.historics_baseline_date,
  series_return_deadline: row.series_return_deadline,
  initial_submission_deadline: row.initial_submission_deadline,
  shl_deadline: row.shl_deadline,
});

/** The stored columns of a season's rule and calendar, from a write (`undefined`: left as stored). */
const ruleColumns = (body: SeasonUpdate) => ({
  usageThreshold: body.usage_threshold,
  toleranceMinutes: body.tolerance_minutes,
  outsideCountsAsUsed: body.outside_counts_as_used,
  historicsBaselineDate: body.historics_baseline_date,
  seriesReturnDeadline: body.series_return_deadline,
  initialSubmissionDeadline: body.initial_submission_deadline,
  shlDeadline: body.shl_deadline,
});

/** What a new season gets where the write says nothing: AICM's rule and the guidelines' dates of its code. */
const withDefaults = (body: SeasonWrite): SeasonWrite => {
  const defaults = newSeasonRuleColumns(body.name);
  return {
    usage_threshold: defaults.usageThreshold,
    tolerance_minutes: defaults.toleranceMinutes,
    outside_counts_as_used: defaults.outsideCountsAsUsed,
    historics_baseline_date: defaults.historicsBaselineDate,
    series_return_deadline: defaults.seriesReturnDeadline,
    initial_submission_deadline: defaults.initialSubmissionDeadline,
    shl_deadline: defaults.shlDeadline,
    ...body,
  };
};

/** The seasons that match every filter given, newest first (`holding`: those holding one of the dates). */
export async function listSeasonRows(
  db: Database,
  filter: { holding: readonly string[]; id?: number | undefined; name?: string | undefined; airport?: string },
): Promise<SeasonDetail[]> {
  const conditions: SQL[] = [eq(seasons.airport, filter.airport ?? DEFAULT_AIRPORT)];
  for (const date of filter.holding) conditions.push(lte(seasons.startDate, date), gte(seasons.endDate, date));
  if (filter.id !== undefined) conditions.push(eq(seasons.id, filter.id));
  if (filter.name !== undefined) conditions.push(eq(seasons.name, filter.name));
  const rows = await db
    .select(columns)
    .from(seasons)
    .where(and(...conditions))
    .orderBy(desc(seasons.startDate));
  return rows.map(seasonDetail);
}

/** A season's name is unique within its airport (issue 37): JFK's W26 is not MEX's. */
async function refuseDuplicate(db: Database, airport: string, name: string, exceptId?: number): Promise<void> {
  const [existing] = await db.select({ id: seasons.id }).from(seasons).where(and(eq(seasons.airport, airport), eq(seasons.name, name)));
  if (existing && existing.id !== exceptId) {
    const message = airport === DEFAULT_AIRPORT ? `La temporada ${name} ya existe.` : `La temporada ${name} ya existe en ${airport}.`;
    throw new HttpError(409, message, [{ field: "name", message }]);
  }
}

/** A new season of `airport` (its dates checked by the caller), with AICM's rule where the write says nothing. */
export function insertSeason(db: Database, airport: string, body: SeasonWrite, user: AuthenticatedUser, now: Date): Promise<SeasonDetail> {
  const season = withDefaults(body);
  assertCalendarDates(season);
  return db.transaction(async (tx) => {
    await refuseDuplicate(tx, airport, body.name);
    const [inserted] = await tx
      .insert(seasons)
      .values({ airport, name: body.name, startDate: body.start_date, endDate: body.end_date, ...ruleColumns(season) })
      .returning(columns);
    if (!inserted) throw new Error("insert returned no row");
    const { name: _name, ...details } = auditFields(inserted);
    // The audit says where only when it is not the default airport: MEX's entries read as before.
    if (airport !== DEFAULT_AIRPORT) Object.assign(details, { airport });
    await recordAudit(tx, user, now, {
      action: "season.create",
      targetType: "season",
      targetId: inserted.id,
      targetLabel: inserted.name,
      details,
    });
    return seasonDetail(inserted);
  });
}

/** The season as written from version `expected` (its IATA dates checked by the caller). */
export function updateSeasonRow(
  db: Database,
  id: number,
  expected: number | null,
  body: SeasonUpdate,
  user: AuthenticatedUser,
  now: Date,
): Promise<SeasonDetail> {
  return db.transaction(async (tx): Promise<SeasonDetail> => {
    const [before] = await tx
      .select({ ...columns, changedBy: seasons.updatedByName, changedAt: seasons.updatedAt })
      .from(seasons)
      .where(eq(seasons.id, id))
      .for("update");
    if (!before) throw new HttpError(404, `No existe la temporada ${id}.`);
    checkVersion(expected, before, `la temporada ${before.name}`);
    const { changedBy: _by, changedAt: _at, ...stored } = before;
    // What the write leaves out keeps its stored value; the dates are checked as they will be kept.
    const next = { ...seasonDetail(stored), ...body };
    assertCalendarDates(next);
    // Saving it unchanged changes nothing, its version included.
    const unchanged = Object.keys(changes(auditFields(stored), auditFields({ ...stored, ...body }))).length === 0;
    if (unchanged) return seasonDetail(stored);
    await refuseDuplicate(tx, before.airport, body.name, before.id);
    const [after] = await tx
      .update(seasons)
      .set({
        name: body.name,
        startDate: body.start_date,
        endDate: body.end_date,
        ...ruleColumns(body),
        ...versionStamp(seasons.version, user, now),
      })
      .where(eq(seasons.id, before.id))
      .returning(columns);
    if (!after) throw new Error("update returned no row");
    const diff = changes(auditFields(stored), auditFields(after));
    if (Object.keys(diff).length > 0) {
      await recordAudit(tx, user, now, {
        action: "season.update",
        targetType: "season",
        targetId: after.id,
        targetLabel: after.name,
        details: diff,
      });
    }
    return seasonDetail(after);
  });
}

/** The season row of `airport`, created with AICM's rule when missing (a season's slot upload names it). */
export async function ensureSeason(db: Database, name: string, startDate: string, endDate: string, airport = DEFAULT_AIRPORT): Promise<void> {
  await ensureSeasons(db, [{ airport, name, startDate, endDate }]);
}

/** Season rows created with AICM's rule where missing (MEX's unless named); an existing one is left as it is (the start's seed). */
export async function ensureSeasons(
  db: Database,
  list: readonly { airport?: string; name: string; startDate: string; endDate: string }[],
): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(seasons)
    .values(list.map((season) => ({ ...season, ...newSeasonRuleColumns(season.name) })))
    .onConflictDoNothing();
}
