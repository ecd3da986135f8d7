/**
 * A request sent outside Slotdesk, recorded by hand (seed 002 §2 'Solicitud' upload form, §3 'Log
 * creation payload', §5, §7): the request txt is read by `analyzeLogRequestFile` to fill the form,
 * then `createLogbookRequest` records the request, its part, its lines (a C or D line that names a
 * held slot gets it) and its optional PDF in one transaction.
 */
import type { Airline } from "../../domain/airline";
import { parseLogFileName } from "../../domain/logbook/fileName";
import type { ReadProblem } from "../../domain/reading";
import { parseScr, scrDateToIso, type ScrDataLine } from "../../domain/scr";
import { DEFAULT_TIME_ZONE, isCalendarDate, todayInZone } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import { logbookFiles } from "../db/schema";
import { HttpError, type ErrorDetail } from "../http/errors";
import type { MultipartForm, UploadedFile } from "../http/multipart";
import { REQUEST_TYPE_NAME } from "../requests/common";
import { findSeason, seasonForCaller } from "../seasons/find";
import { resolveAirport } from "../airports/access";
import { storedAirline } from "../settings/airline";
import { findHeldSlots, slotKeyOfLine } from "../slots/lookup";
import { assertPdf, decodeTextFile } from "./files";
import { insertLogbookLines, insertLogbookPart, insertLogbookRequest } from "./records";
import type { Services } from "../services";
import { responsibleUser } from "../users/queries";
import { referenceInUse } from "./references";

type LogbookAnalysis = components["schemas"]["LogbookAnalysis"];
type RequestType = 2 | 3 | 4;

const TYPE_NAME: Record<RequestType, string> = { 2: "altas", 3: "cancelaciones", 4: "modificaciones" };
const LETTERS_OF_TYPE: Record<RequestType, string> = { 2: "N", 3: "D", 4: "C seguida de R o L" };

/** One line of the entry, with the parsed line that names its slot (C or D), if any. */
type AnalysedLine = { actual: string | null; request: string; slotLine: ScrDataLine | null };
type Analysis = Omit<LogbookAnalysis, "lines"> & { lines: AnalysedLine[] };

export function requestType(value: string | undefined): RequestType {
  if (value === "2") return 2;
  if (value === "3") return 3;
  if (value === "4") return 4;
  const message = "Selecciona el tipo de solicitud";
  throw new HttpError(400, `Tipo de solicitud inválido: «${value ?? ""}» (2 Alta, 3 Cancelación, 4 Modificación).`, [{ field: "type", message }]);
}

/**
 * Reads the request txt as an SCR of `type`: 400 naming the file and line for every problem the
 * parser reports and every line the type does not allow.
 */
export function analyseRequestText(text: string, fileName: string, type: RequestType, airline: Airline): Analysis {
  const message = parseScr(text);
  const rows = text.split("\n");
  const problems: ErrorDetail[] = message.errors.map((error) => ({
    field: "request_file",
    line: error.line,
    column: error.column,
    message: `«${fileName}», línea ${error.line}, columna ${error.column}: ${error.message}`,
  }));
  const lineText = (line: ScrDataLine) => (rows[line.line - 1] ?? "").trim();
  const wrongLetter = (line: ScrDataLine) =>
    problems.push({
      field: "request_file",
      line: line.line,
      message: `«${fileName}», línea ${line.line}: una solicitud de ${TYPE_NAME[type]} solo lleva líneas ${LETTERS_OF_TYPE[type]}; esta es una línea ${line.action}.`,
    });
  const lines: AnalysedLine[] = [];
  // A line the parser could not read is missing from `message.lines`: pairing C and R/L lines
  // around it would only add errors that are not there.
  const data = problems.length > 0 ? [] : message.lines;
  for (let k = 0; k < data.length; k++) {
    const line = data[k];
    if (!line) continue;
    if (type === 2) {
      if (line.action === "N") lines.push({ actual: null, request: lineText(line), slotLine: null });
      else wrongLetter(line);
    } else if (type === 3) {
      if (line.action === "D") lines.push({ actual: null, request: lineText(line), slotLine: line });
      else wrongLetter(line);
    } else if (line.action === "C") {
      const next = data[k + 1];
      if (next && (next.action === "R" || next.action === "L")) {
        lines.push({ actual: lineText(line), request: lineText(next), slotLine: line });
        k++;
      } else {
        problems.push({ field: "request_file", line: line.line, message: `«${fileName}», línea ${line.line}: la línea C debe ir seguida de su línea R o L.` });
      }
    } else wrongLetter(line);
  }
  if (problems.length === 0 && lines.length === 0 && message.lines.length === 0) {
    problems.push({ field: "request_file", message: `«${fileName}» no tiene líneas de datos SCR.` });
  }
  if (problems.length > 0) {
    const [first] = problems;
    const text = first?.message ?? "";
    throw new HttpError(400, problems.length > 1 ? `El archivo tiene ${problems.length} errores. ${text}` : text, problems.slice(0, 200));
  }
  const season = message.header.season;
  const named = parseLogFileName(fileName, airline);
  return {
    lines,
    season,
    date: season && message.header.date ? scrDateToIso(message.header.date, season) : null,
    si: message.si.join("\n"),
    gi: message.gi.join("\n"),
    airport: message.header.airport,
    reference: named?.reference ?? null,
    part_number: named?.part ?? null,
    ...warningsOf(message.problems),
  };
}

/** What the reader assumed (its `aviso` problems), absent when it assumed nothing. */
function warningsOf(problems: readonly ReadProblem[]): { warnings?: ReadProblem[] } {
  const warnings = problems.filter((problem) => problem.severity === "aviso");
  return warnings.length > 0 ? { warnings } : {};
}

export const fileNameOf = (file: UploadedFile) => (file.name.trim() === "" ? "solicitud.txt" : file.name.trim());

/** A positive integer field of the form, with the seed's messages (seed 002 §5). */
function positiveInteger(value: string | undefined, field: string, problems: ErrorDetail[]): number {
  const text = value?.trim() ?? "";
  let message: string | null = null;
  if (text === "") message = "Este campo es obligatorio";
  else if (!/^-?\d+$/.test(text)) message = "Ingrese un número entero";
  else if (Number(text) <= 0) message = "Este campo debe ser mayor a cero";
  else if (Number(text) > 2147483647) message = "El valor de este campo es inválido";
  if (message) {
    problems.push({ field, message });
    return 0;
  }
  return Number(text);
}

const FORM_FIELDS = ["reference", "part_number", "season", "date", "airport", "type", "responsible", "si", "gi", "request_file", "request_pdf"];

/** The form of a request recorded by hand, checked field by field (400 naming each problem). */
export function readRequestForm(form: MultipartForm) {
  const problems: ErrorDetail[] = [];
  for (const name of form.names()) {
    if (!FORM_FIELDS.includes(name)) problems.push({ field: name, message: `El campo «${name}» no forma parte del formulario.` });
  }
  const reference = positiveInteger(form.field("reference"), "reference", problems);
  const partNumber = positiveInteger(form.field("part_number"), "part_number", problems);
  const seasonId = positiveInteger(form.field("season"), "season", problems);
  const responsibleId = positiveInteger(form.field("responsible"), "responsible", problems);
  const airport = form.field("airport")?.trim() ?? "";
  if (airport === "") problems.push({ field: "airport", message: "Este campo es obligatorio" });
  else if (airport.length !== 3) problems.push({ field: "airport", message: "Este campo debe tener 3 caracteres" });
  else if (!/^[A-Za-z]{3}$/.test(airport)) problems.push({ field: "airport", message: "El código del aeropuerto son 3 letras (IATA)" });
  const date = form.field("date")?.trim() ?? "";
  if (!isCalendarDate(date)) problems.push({ field: "date", message: date === "" ? "Este campo es obligatorio" : "El valor de este campo es inválido" });
  const requestFile = form.file("request_file");
  if (!requestFile) problems.push({ field: "request_file", message: "Este campo es obligatorio" });
  const typeValue = form.field("type");
  if (typeValue === undefined || !["2", "3", "4"].includes(typeValue)) problems.push({ field: "type", message: "Selecciona el tipo de solicitud" });
  const si = (form.field("si") ?? "").trim();
  const gi = (form.field("gi") ?? "").trim();
  for (const [field, value] of [["si", si], ["gi", gi]] as const) {
    if (value.length > 2000) problems.push({ field, message: "El valor de este campo es inválido" });
  }
  if (problems.length > 0 || !requestFile) {
    const [first] = problems;
    throw new HttpError(400, first ? `${first.field}: ${first.message}` : "Formulario incompleto.", problems);
  }
  const type = requestType(typeValue);
  return { reference, partNumber, seasonId, responsibleId, airport: airport.toUpperCase(), date, requestFile, type, si, gi, pdf: form.file("request_pdf") ?? null };
}

export type RequestByHand = ReturnType<typeof readRequestForm>;

/** Records a request sent outside Slotdesk (its file read and its slots found), audited; 409 when its reference is taken. */
export async function createRequestByHand(services: Services, user: AuthenticatedUser, input: RequestByHand) {
  const { reference, partNumber, seasonId, responsibleId, date, requestFile, type, si, gi, pdf } = input;
  // Issue 37: the entry is the named airport's (held, and the caller's: 400, 403), and so is its season.
  const airport = (await resolveAirport(services, user, input.airport)).code;
  const { season } = await seasonForCaller(services, user, seasonId, findSeason, airport);
  const fileName = fileNameOf(requestFile);
  const text = decodeTextFile(requestFile);
  const analysis = analyseRequestText(text, fileName, type, await storedAirline(services.db));
  if (analysis.season !== null && analysis.season !== season.name) {
    throw new HttpError(400, `«${fileName}» es una solicitud de la temporada ${analysis.season}, no de ${season.name}.`, [
      { field: "request_file", message: `Temporada ${analysis.season} en el archivo.` },
    ]);
  }
  if (pdf) assertPdf(pdf);
  const responsible = await responsibleUser(services.db, responsibleId);
  if (!responsible) {
    throw new HttpError(400, `No existe el usuario ${responsibleId}.`, [{ field: "responsible", message: "El valor de este campo es inválido" }]);
  }
  const now = services.now();
  const requestDate = date === todayInZone(now, DEFAULT_TIME_ZONE) ? now : new Date(`${date}T12:00:00-06:00`);

  const created = await services.db.transaction(async (tx) => {
    const requestId = await insertLogbookRequest(tx, {
      seasonId: season.id,
      reference,
      type,
      airport,
      responsible,
      requestDate,
      si,
      gi,
    });
    if (requestId === null) return null;
    const part = { id: await insertLogbookPart(tx, { requestId, partNumber, requestText: text }) };
    const slotIds = await findHeldSlots(
      tx,
      season.name,
      analysis.lines.map((line) => (line.slotLine ? slotKeyOfLine(line.slotLine, season.name) : null)),
      airport,
    );
    await insertLogbookLines(
      tx,
      analysis.lines.map((line, index) => ({
        partId: part.id,
        position: index + 1,
        slotId: slotIds[index] ?? null,
        actual: line.actual,
        request: line.request,
      })),
    );
    if (pdf) {
      await tx.insert(logbookFiles).values({ partId: part.id, isRequest: true, fileName: pdf.name.slice(0, 255), content: pdf.content, uploadedBy: user.id });
    }
    await recordAudit(tx, user, now, {
      action: "request.create",
      targetType: "request",
      targetId: requestId,
      targetLabel: `${season.name} REF ${reference}`,
      details: { season: season.name, reference, part: partNumber, type: REQUEST_TYPE_NAME[type], lines: analysis.lines.length, file: fileName },
    });
    return { id: requestId, partId: part.id, slotsFound: slotIds.filter((id) => id !== null).length };
  });
  if (!created) {
    throw await referenceInUse(services.db, season.id, (recommended) => `Referencia en uso, prueba con ${recommended}`);
  }
  return { id: created.id, part_id: created.partId, reference, part: partNumber, lines: analysis.lines.length, slots_found: created.slotsFound };
}
