/**
 * Reportes (seed 001 §2.7, §7, §8): a report's data, its file, and the matches 'Añadir registro'
 * offers. Roles: `reports` reads and downloads; `reportsEdit` (not Reportes) adds records.
 * Every operation reads one airport's register (issue 37, `resolveAirport`: the named one, else the
 * caller's default, else MEX; 403 for an airport the caller is restricted from).
 */
import { addRecords, DEFAULT_HOUR_RANGE, reportZone } from "../../domain/reports";
import { resolveAirport } from "../airports/access";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { computeReport, rangeRows } from "./data";
import { reportFile } from "./files";
import { expectedVersion } from "../http/versions";
import { sendReportNow } from "./send";
import { reportTemplateOf, saveTemplate } from "./templates";

/** `1,2,3` → [1, 2, 3] (the contract's pattern already checked the digits). */
const idList = (text: string | undefined): number[] | undefined =>
  text === undefined ? undefined : text.split(",").filter((part) => part !== "").map(Number);

/** Latin-1 fallback for the plain filename parameter (the header is Latin-1; filename* carries the accents). */
const asciiName = (name: string) => name.normalize("NFD").replace(/[^\x20-\x7e]/g, "").replace(/"/g, "");

export const getReport: Handler<"getReport"> = async ({ params, query, user, services }) => {
  const airport = await resolveAirport(services, user, query.airport);
  const report = await computeReport(
    services.db,
    params.type,
    {
      start: query.start,
      end: query.end,
      timezone: query.timezone,
      season: query.season,
      match_ids: idList(query.match_ids),
      new_match_ids: idList(query.new_match_ids),
      new_match_section: query.new_match_section,
    },
    services.now(),
    airport,
  );
  return { status: 200, body: { ...report, settings: await reportTemplateOf(services.db, params.type, airport, services.now()) } };
};

export const downloadReport: Handler<"downloadReport"> = async ({ params, body, reply, user, services }) => {
  const airport = await resolveAirport(services, user, body.airport);
  const report = await computeReport(services.db, params.type, body, services.now(), airport);
  const file = await reportFile(services.db, report, airport, body.format === "csv");
  reply
    .type(file.contentType)
    .header(
      "Content-Disposition",
      `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    );
  return { status: 200, body: file.content };
};

export const listReportAddRecords: Handler<"listReportAddRecords"> = async ({ query, user, services }) => {
  const airport = await resolveAirport(services, user, query.airport);
  const timezone = query.timezone ?? "local";
  const [from = DEFAULT_HOUR_RANGE[0], to = DEFAULT_HOUR_RANGE[1]] = query.hour_range?.split("-") ?? [];
  if (from > to) {
    throw new HttpError(400, "El rango de horas empieza después de terminar.", [
      { field: "hour_range", message: `${from} es posterior a ${to}.` },
    ]);
  }
  const frequency = (idList(query.frequency) ?? []).filter((day) => day !== 0);
  const rows = await rangeRows(services.db, query.start, query.end, timezone, airport);
  return {
    status: 200,
    body: addRecords(
      rows,
      { flights: idList(query.flights) ?? [], hourRange: [from, to], frequency, slotType: query.slot_type ?? "L" },
      { zone: reportZone(timezone, airport.timeZone), airport: airport.code },
    ),
  };
};

export const getReportTemplate: Handler<"getReportTemplate"> = async ({ query, user, services }) => {
  const airport = await resolveAirport(services, user, query.airport);
  return { status: 200, body: await reportTemplateOf(services.db, query.report_name, airport, services.now()) };
};

export const saveReportTemplate: Handler<"saveReportTemplate"> = async ({ body, user, request, services }) => {
  const airport = await resolveAirport(services, user, body.airport);
  const expected = expectedVersion(request, body.version);
  return { status: 200, body: await saveTemplate(services.db, user, body, airport, expected, services.now()) };
};

export const sendReport: Handler<"sendReport"> = async ({ params, body, user, services }) => {
  const airport = await resolveAirport(services, user, body.airport);
  return { status: 200, body: await sendReportNow(services, params.type, { ...body, airport: airport.code }, user) };
};
