/**
 * The season start upload (Inicio de Temp., seed 002 §2, §5, §7; issue 13): the coordinator's
 * allocated series for a season, from the season start spreadsheet or a SAL/SHL text list,
 * expanded into dated slots. One transaction: the season row (created when missing), its slots,
 * the audit entry and the re-matching of its dates; a refused file creates nothing.
 */
import { isCalendarDate, isSeasonCode } from "../../domain/seasons";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { DEFAULT_AIRPORT } from "../airports/held";
import { HttpError } from "../http/errors";
import type { MultipartForm, UploadedFile } from "../http/multipart";
import { rematch } from "../matching/rematch";
import { lockSeasonByName } from "../seasons/find";
import { ensureSeason } from "../seasons/queries";
import type { SeriesSlot } from "../../domain/series";
import { seasonHasSlots } from "./lookup";
import { insertSlots, SLOT_COLUMNS, slotRow } from "./register";

/** Seed 002 §7: the texts the dialog shows for these statuses. */
export const SEASON_HAS_SLOTS = "Ya hay Slots asignados a la temporada";
export const WRONG_FORMAT = "El archivo no cuenta con el formato adecuado";
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The id the seed sends for MEX: clients written before issue 37 name the airport so. */
const MEX_ID = "2";
export const MAX_SEASON_FILE_BYTES = MAX_FILE_BYTES;
export const TEMPLATE_FILE_NAME = "Plantilla inicio de temporada.xlsx";


/** `airport`: the code the form names (the seed's id 2 read as MEX), undefined when it names none. */
type UploadForm = { name: string; start: string; end: string; airport: string | undefined; file: UploadedFile };

/** The form's fields, checked as the contract's SeasonUploadForm describes them. */
export function checkForm(body: MultipartForm): UploadForm {
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
  if (airport !== undefined && airport !== MEX_ID && !/^[A-Z]{3}$/.test(airport)) {
    errors.push({ field: "airport", message: `El aeropuerto «${airport}» no es un código IATA de tres letras (p. ej. MEX).` });
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
  return { name, start, end, airport: airport === MEX_ID ? DEFAULT_AIRPORT : airport, file };
}

/**
 * Stores a season's expanded slots in one transaction: the season row (created when missing, then
 * locked so two uploads of it wait for each other), its slots, the re-matching of its dates and
 * the audit entry; 409 when the season already has slots.
 */
export function storeSeasonSlots(db: Database, user: AuthenticatedUser, form: UploadForm, airport: string, slots: readonly SeriesSlot[], now: Date) {
  return db.transaction(async (tx) => {
    await ensureSeason(tx, form.name, form.start, form.end, airport);
    const season = await lockSeasonByName(tx, form.name, airport);
    if (!season) throw new Error("the season row was not created");
    const taken = await seasonHasSlots(tx, form.name, airport);
    if (taken) throw new HttpError(409, SEASON_HAS_SLOTS);
    await insertSlots(
      tx,
      [["airport", "text"], ...SLOT_COLUMNS],
      slots.map((slot) => ({ airport, ...slotRow(slot.season, slot.serie, slot.status, slot) })),
    );
    const dates = [...new Set(slots.map((slot) => slot.date))].sort();
    // Entrega de turno sees the new slots at once (flights already loaded find their slot).
    await rematch(tx, dates);
    await recordAudit(tx, user, now, {
      action: "season.upload",
      targetType: "season",
      targetId: season.id,
      targetLabel: season.name,
      // The airport is said only when it is not the default one: MEX's entries read as before.
      details: { start_date: season.start_date, end_date: season.end_date, lines: slots.length, ...(airport === DEFAULT_AIRPORT ? {} : { airport }) },
    });
    return { season, dates: dates.length };
  });
}
