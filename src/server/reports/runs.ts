/** Every report send, manual or scheduled, for the Admin (Panel de administrador → Envíos de reportes). */
import type { Handler } from "../contract/routes";
import { listReportRunRows } from "./queries";
import { toReportRun } from "./send";
import { isReportType } from "../../domain/reports";

export const listReportRuns: Handler<"listReportRuns"> = async ({ query, services }) => {
  const { rows, total } = await listReportRunRows(services.db, query.report_name, query.limit ?? 50, query.offset ?? 0);
  return {
    status: 200,
    body: {
      items: rows.flatMap((row) => (isReportType(row.reportName) ? [toReportRun(row, row.reportName)] : [])),
      total,
    },
  };
};
