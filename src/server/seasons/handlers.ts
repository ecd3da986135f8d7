/**
 * IATA seasons: the list every screen reads, and the Admin resource. A season's dates are the IATA
 * dates of its code, nothing else; its rule and calendar (issue 27 item 1) are the Admin's to set,
 * AICM's rule and the guidelines' dates by default.
 */
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { todayInZone } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { changes, recordAudit } from "../audit/record";
import type { Handler } from "../contract/routes";
import type { Database } from "../db/client";
import { seasons } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion, expectedVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import { assertCalendarDates, assertIataDates } from "./dates";
import { newSeasonRuleColumns, type SeasonDetail, seasonDetail, seasonDetailColumns as columns, type SeasonDetailRow } from "./detail";

type SeasonWrite = components["schemas"]["SeasonWrite"];

/** The fields an edit records in the audit log (the id never changes). */
const auditFields = (row: Omit<SeasonDetailRow, "id" | "version">) => ({
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
const ruleColumns = (body: SeasonWrite) => ({
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
  return { status: 200, body: rows.map(seasonDetail) };
};

async function refuseDuplicate(db: Database, name: string, exceptId?: number): Promise<void> {
  const [existing] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.name, name));
  if (existing && existing.id !== exceptId) {
    throw new HttpError(409, `La temporada ${name} ya existe.`, [{ field: "name", message: `La temporada ${name} ya existe.` }]);
  }
}

export const createSeason: Handler<"createSeason"> = async ({ body, user, services }) => {
  assertIataDates(body);
  const season = withDefaults(body);
  assertCalendarDates(season);
  const row = await services.db.transaction(async (tx) => {
    await refuseDuplicate(tx, body.name);
    const [inserted] = await tx
      .insert(seasons)
      .values({ name: body.name, startDate: body.start_date, endDate: body.end_date, ...ruleColumns(season) })
      .returning(columns);
    if (!inserted) throw new Error("insert returned no row");
    const { name: _name, ...details } = auditFields(inserted);
    await recordAudit(tx, user, services.now(), {
      action: "season.create",
      targetType: "season",
      targetId: inserted.id,
      targetLabel: inserted.name,
      details,
    });
    return seasonDetail(inserted);
  });
  return { status: 201, body: row };
};

export const updateSeason: Handler<"updateSeason"> = async ({ params, body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  assertIataDates(body);
  const row = await services.db.transaction(async (tx): Promise<SeasonDetail> => {
    const [before] = await tx
      .select({ ...columns, changedBy: seasons.updatedByName, changedAt: seasons.updatedAt })
      .from(seasons)
      .where(eq(seasons.id, params.id))
      .for("update");
    if (!before) throw new HttpError(404, `No existe la temporada ${params.id}.`);
    checkVersion(expected, before, `la temporada ${before.name}`);
    const { changedBy: _by, changedAt: _at, ...stored } = before;
    // What the write leaves out keeps its stored value; the dates are checked as they will be kept.
    const next = { ...seasonDetail(stored), ...body };
    assertCalendarDates(next);
    // Saving it unchanged changes nothing, its version included.
    const unchanged = Object.keys(changes(auditFields(stored), auditFields({ ...stored, ...body }))).length === 0;
    if (unchanged) return seasonDetail(stored);
    await refuseDuplicate(tx, body.name, before.id);
    const [after] = await tx
      .update(seasons)
      .set({
        name: body.name,
        startDate: body.start_date,
        endDate: body.end_date,
        ...ruleColumns(body),
        ...versionStamp(seasons.version, user, services.now()),
      })
      .where(eq(seasons.id, before.id))
      .returning(columns);
    if (!after) throw new Error("update returned no row");
    const diff = changes(auditFields(stored), auditFields(after));
    if (Object.keys(diff).length > 0) {
      await recordAudit(tx, user, services.now(), {
        action: "season.update",
        targetType: "season",
        targetId: after.id,
        targetLabel: after.name,
        details: diff,
      });
    }
    return seasonDetail(after);
  });
  return { status: 200, body: row };
};
