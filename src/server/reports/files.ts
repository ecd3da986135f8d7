/**
 * TEMPORARY until the reports-data branch is merged (its `renderReportFile` replaces this file):
 * the matches of the range as a minimal CSV, so sending can be built and tested meanwhile.
 */
import { and, between, count } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { matches } from "../db/schema";
import { HttpError } from "../http/errors";

type ReportType = components["schemas"]["ReportType"];
type ReportQuery = components["schemas"]["ReportSendRequest"];

export async function renderReportFile(
  db: Database,
  type: ReportType,
  query: ReportQuery,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const [row] = await db.select({ n: count() }).from(matches).where(and(between(matches.date, query.start, query.end)));
  if (!row || row.n === 0) throw new HttpError(404, "No se han encontrado datos para el rango y la temporada seleccionados");
  return {
    fileName: `${type.toUpperCase()} ${query.start}.csv`,
    contentType: "text/csv; charset=utf-8",
    content: Buffer.from(`reporte;inicio;fin;filas\n${type};${query.start};${query.end};${row.n}\n`, "utf8"),
  };
}
