/** The reports concept's SQL on its own tables (report_templates, report_runs). */
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { reportRuns } from "../db/schema";

/** A page of report sends, newest first, and how many there are (of one report, or all). */
export async function listReportRunRows(db: Database, reportName: string | undefined, limit: number, offset: number) {
  const where = reportName ? eq(reportRuns.reportName, reportName) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(reportRuns).where(where).orderBy(desc(reportRuns.startedAt), desc(reportRuns.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(reportRuns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
