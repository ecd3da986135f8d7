/** Inicio de Temp. (seed 002 §2, §5, §7; issue 13): the season start upload and its template. */
import { nextSeasonCode, seasonBounds, seasonCodeForDate, todayInZone } from "../../domain/seasons";
import { expandSeries } from "../../domain/series";
import type { Handler } from "../contract/routes";
import { resolveAirport } from "../airports/access";
import { HttpError } from "../http/errors";
import { readMultipartForm } from "../http/multipart";
import { assertIataDates } from "../seasons/dates";
import { readSeasonFile, seasonTemplate } from "./seasonFile";
import { checkForm, MAX_SEASON_FILE_BYTES, storeSeasonSlots, TEMPLATE_FILE_NAME, WRONG_FORMAT } from "./upload";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const uploadSeasonSlots: Handler<"uploadSeasonSlots"> = async ({ request, user, services }) => {
  const form = checkForm(await readMultipartForm(request, { fileSize: MAX_SEASON_FILE_BYTES, files: 1, fields: 8 }));
  assertIataDates({ name: form.name, start_date: form.start, end_date: form.end });
  // The airport chosen in the top bar (issue 37): its season is created or filled.
  const airport = (await resolveAirport(services, user, form.airport)).code;
  const bounds = seasonBounds(form.name);

  // Read and check the whole file before touching the database.
  const read = await readSeasonFile(form.file.content, form.file.name || "archivo", bounds);
  if (!read.series) throw new HttpError(406, WRONG_FORMAT, read.errors);
  const slots = expandSeries(read.series, form.name);
  const result = await storeSeasonSlots(services.db, user, form, airport, slots, services.now());
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
