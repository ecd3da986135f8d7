/**
 * The season start upload (Inicio de Temp., seed 002 §2, §5, §7; issue 13): the coordinator's
 * allocated series for a season, from the season start spreadsheet or a SAL/SHL text list,
 * expanded into dated slots. One transaction: the season row (created when missing), its slots,
 * the audit entry and the re-matching of its dates; a refused file creates nothing.
 */
import { isCalendarDate, isSeasonCode, nextSeasonCode, seasonBounds, seasonCodeForDate, todayInZone } from "../../domain/seasons";
import { expandSeries } from "../../domain/series";
import { recordAudit } from "../audit/record";
import type { Handler } from "../contract/routes";
import { seasons } from "../db/schema";
import { bulkInsert } from "../db/sql";
import { HttpError } from "../http/errors";
import { type MultipartForm, readMultipartForm, type UploadedFile } from "../http/multipart";
import { rematch } from "../matching/rematch";
import { assertIataDates } from "../seasons/dates";
import { newSeasonRuleColumns } from "../seasons/detail";
import { lockSeasonByName } from "../seasons/find";
import { readSeasonFile, seasonTemplate } from "./seasonFile";
import { seasonHasSlots } from "./lookup";
import { SLOT_COLUMNS, slotRow } from "./register";

/** Seed 002 §7: the texts the dialog shows for these statuses. */
export const SEASON_HAS_SLOTS = "Ya hay Slots asignados a la temporada";
export const WRONG_FORMAT = "El archivo no cuenta con el formato adecuado";
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The airport of the form: the id 2 the seed sends, or its code. */
const MEX_AIRPORT = new Set(["2", "MEX"]);
export const TEMPLATE_FILE_NAME = "Plantilla inicio de temporada.xlsx";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";


type UploadForm = { name: string; start: string; end: string; file: UploadedFile };

/** The form's fields, checked as the contract's SeasonUploadForm describes them. */
function checkForm(body: MultipartForm): UploadForm {
  const known = new Set(["season_name", "season_start", "season_end", "xls_file", "airport"]);
  const errors: Array<{ field: string; message: string }> = [];
  for (const name of body.names()) {
    if (!known.has(name)) errors.push({ field: name, message: `El campo «${name}» no forma parte del formulario.` });
  }
  const name = body.field("season_name")?.trim() ?? "";
  const start = body.field("season_start")?.trim() ?? "";
  const end = body.field("season_end")?.trim() ?? "";
  const airport = body.field("airport")?.trim();
  const file = body.file("xls_file");
  if (!isSeasonCode(name)) errors.push({ field: "season_name", message: "La temporada debe ser S o W y dos dígitos (p. ej. S27)." });
  if (!isCalendarDate(start)) errors.push({ field: "season_start", message: "La fecha de inicio debe ser una fecha aaaa-mm-dd." });
  if (!isCalendarDate(end)) errors.push({ field: "season_end", message: "La fecha de fin debe ser una fecha aaaa-mm-dd." });
  if (airport !== undefined && !MEX_AIRPORT.has(airport)) {
    errors.push({ field: "airport", message: "El aeropuerto es siempre MEX (2)." });
  }
  if (!file) {
    errors.push({ field: "xls_file", message: "Selecciona un archivo antes de intentar guardar la información" });
  }
  if (errors.length > 0 || !file) {
    throw new HttpError(400, errors[0]?.message ?? "Formulario incompleto.", errors);
  }
  if (start >= end) {
    throw new HttpError(400, "La fecha de fin debe ser posterior a la de inicio.", [
      { field: "season_end", message: "La fecha de fin debe ser posterior a la de inicio." },
    ]);
  }
  return { name, start, end, file };
}

export const uploadSeasonSlots: Handler<"uploadSeasonSlots"> = async ({ request, user, services }) => {
  const form = checkForm(await readMultipartForm(request, { fileSize: MAX_FILE_BYTES, files: 1, fields: 8 }));
  assertIataDates({ name: form.name, start_date: form.start, end_date: form.end });
  const bounds = seasonBounds(form.name);

  // Read and check the whole file before touching the database.
  const read = await readSeasonFile(form.file.content, form.file.name || "archivo", bounds);
  if (!read.series) throw new HttpError(406, WRONG_FORMAT, read.errors);
  const slots = expandSeries(read.series, form.name);

  const result = await services.db.transaction(async (tx) => {
    await tx
      .insert(seasons)
      .values({ name: form.name, startDate: form.start, endDate: form.end, ...newSeasonRuleColumns(form.name) })
      .onConflictDoNothing();
    // Locking the season row makes two uploads of the same season wait for each other.
    const season = await lockSeasonByName(tx, form.name);
    if (!season) throw new Error("the season row was not created");
    const taken = await seasonHasSlots(tx, form.name);
    if (taken) throw new HttpError(409, SEASON_HAS_SLOTS);
    await bulkInsert(tx, "slots", SLOT_COLUMNS, slots.map((slot) => slotRow(slot.season, slot.serie, slot.status, slot)));
    const dates = [...new Set(slots.map((slot) => slot.date))].sort();
    // Entrega de turno sees the new slots at once (flights already loaded find their slot).
    await rematch(tx, dates);
    await recordAudit(tx, user, services.now(), {
      action: "season.upload",
      targetType: "season",
      targetId: season.id,
      targetLabel: season.name,
      details: { start_date: season.start_date, end_date: season.end_date, lines: slots.length },
    });
    return { season, dates: dates.length };
  });

  const series = new Set(slots.map((slot) => slot.serie)).size;
  const historic = slots.filter((slot) => slot.status === "D").length;
  return {
    status: 201,
    body: {
      season: result.season,
      series,
      slots: slots.length,
      historic_slots: historic,
      new_slots: slots.length - historic,
      rematched_dates: result.dates,
      // What the reader assumed to read a SAL/SHL list: the dialog says it after the upload.
      ...(read.warnings.length > 0 ? { warnings: read.warnings } : {}),
    },
  };
};

/** The template, with its example series over the season after today's (the next one to load). */
export const seasonUploadTemplate: Handler<"seasonUploadTemplate"> = async ({ reply, services }) => {
  const season = seasonBounds(nextSeasonCode(seasonCodeForDate(todayInZone(services.now()))));
  const content = await seasonTemplate(season);
  reply
    .type(XLSX_TYPE)
    .header("Content-Disposition", `attachment; filename="plantilla.xlsx"; filename*=UTF-8''${encodeURIComponent(TEMPLATE_FILE_NAME)}`);
  return { status: 200, body: content };
};
