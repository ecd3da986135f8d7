/** Every report send, manual or scheduled, for the Admin (Panel de administrador → Envíos de reportes). */
import { count, desc, eq } from "drizzle-orm";
import type { Handler } from "../contract/routes";
import { reportRuns } from "../db/schema";
import { toReportRun } from "./send";
import { isReportType } from "../../domain/reports";

export const listReportRuns: Handler<"listReportRuns"> = async ({ query, services }) => {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const where = query.report_name ? eq(reportRuns.reportName, query.report_name) : undefined;
  const [rows, [total]] = await Promise.all([
    services.db
      .select()
      .from(reportRuns)
      .where(where)
      .orderBy(desc(reportRuns.startedAt), desc(reportRuns.id))
      .limit(limit)
      .offset(offset),
    services.db.select({ n: count() }).from(reportRuns).where(where),
  ]);
  return {
    status: 200,
    body: {
      items: rows.flatMap((row) => (isReportType(row.reportName) ? [toReportRun(row, row.reportName)] : [])),
      total: total?.n ?? 0,
    },
  };
};
