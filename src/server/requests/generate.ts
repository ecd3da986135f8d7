/**
 * Sending a request (seed 000 §2.4, §4.4, §8): checks the lines, the slots, the recipients and
 * the settings, writes the SCR and, unless it is a preview, in ONE transaction records it in the
 * logbook under a reference unique in its season, marks the slots WIP with their history, takes
 * what was sent (and only that) out of the caller's draft of that type, writes the audit entry and
 * e-mails each part to the coordinator. Anything refused (a reference taken meanwhile, a slot
 * already in process, the SMTP server) rolls all of it back.
 */
import { eq } from "drizzle-orm";
import {
  composeScrRequest,
  footerEntries,
  greeting,
  periodUnits,
  requestUnits,
  ScrBuildError,
  scrDateToIso,
  type RequestProblem,
  type ScrRequestPart,
} from "../../domain/scr";
import { DEFAULT_TIME_ZONE, todayInZone } from "../../domain/seasons";
import type { components } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import { directoryAddresses } from "../contacts/directory";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { delayCodes } from "../db/schema";
import { removeSentFromDraft } from "../drafts/sent";
import { authorName } from "../http/author";
import { HttpError, type ErrorDetail } from "../http/errors";
import { insertLogbookLines, insertLogbookPart, insertLogbookRequest } from "../logbook/records";
import { referenceInUse } from "../logbook/references";
import { findSeason } from "../seasons/find";
import type { Services } from "../services";
import { storedAirline } from "../settings/airline";
import { failpoint } from "../failpoints";
import { resolveAirport } from "../airports/access";
import { type HeldAirport, heldAirports } from "../airports/held";
import { seasonAirport } from "../seasons/find";
import {
  airportCoordinatorAddress,
  REFERENCE_IN_USE_MESSAGE,
  scrCreator,
  storedCoordinator,
  subjectOf,
} from "./envelope";
import { lockSlots, markSlotsInProcess, type SlotHistoryEntry, type SlotRecord } from "../slots/register";
import {
  ACTION_LABEL,
  assertMayRequest,
  DRAFT_TYPE_OF_ACTION,
  draftSlots,
  REQUEST_TYPE_NAME,
} from "./common";

type GenerateRequest = components["schemas"]["GenerateRequest"];
type GenerateRequestResult = components["schemas"]["GenerateRequestResult"];
type SlotInProcess = components["schemas"]["SlotInProcess"];
type Season = components["schemas"]["Season"];

const SLOTS_IN_PROCESS_MESSAGE = "No se puede enviar la solicitud, hay slots en proceso.";
const NO_CAPACITY_MESSAGE = "No se puede enviar la solicitud, hay líneas sin capacidad de aeronave.";
/** One 400 for a list of problems: the first one as the message, every one in `errors`. */
function problemsError(problems: readonly RequestProblem[]): HttpError {
  const details: ErrorDetail[] = problems.map((problem) => ({ ...problem }));
  const describe = (problem: RequestProblem) =>
    problem.line === undefined
      ? problem.message
      : `Línea ${problem.line}${problem.column === undefined ? "" : `, columna ${problem.column}`}: ${problem.message}`;
  const first = problems[0];
  const text = first ? describe(first) : "La solicitud no es válida.";
  return new HttpError(400, problems.length > 1 ? `La solicitud tiene ${problems.length} errores. ${text}` : text, details);
}

/** The slot ids of the rows (modificaciones, cancelaciones): each row id must be one. */
function rowSlotIds(body: GenerateRequest): number[] {
  const problems: RequestProblem[] = [];
  const ids = body.slots.map((row, index) => {
    if (!/^[1-9][0-9]{0,9}$/.test(row.id)) {
      problems.push({ field: `slots[${index}].id`, message: `La fila ${index + 1} no corresponde a un slot (id «${row.id}»).` });
      return 0;
    }
    return Number(row.id);
  });
  if (problems.length > 0) throw problemsError(problems);
  return ids;
}

function inProcess(records: readonly SlotRecord[]): SlotInProcess[] {
  return records
    .filter((slot) => slot.status === "WIP")
    .map((slot) => ({ id: slot.id, name: slot.flightNumber, date: slot.date, time: slot.time }));
}

function assertNoneInProcess(records: readonly SlotRecord[]): void {
  const busy = inProcess(records);
  if (busy.length === 0) return;
  throw new HttpError(
    409,
    `${SLOTS_IN_PROCESS_MESSAGE} ${busy.map((slot) => `${slot.name} del día ${slot.date} a las ${slot.time} UTC`).join(", ")}.`,
    undefined,
    undefined,
    { code: "SLOTS IN PROCESS", slots: busy },
  );
}

/** The cc addresses as the directory holds them; 400 naming any that is not a contact's. */
async function ccContacts(db: Database, cc: readonly string[]): Promise<string[]> {
  const { emails, problems } = await directoryAddresses(db, cc);
  if (problems.length > 0) throw problemsError(problems);
  return emails;
}

/** The cancellation's delay code from the catalogue; null for other requests. */
async function cancellationDelayCode(db: Database, body: GenerateRequest): Promise<string | null> {
  if (body.action_code !== 3) return null;
  const code = body.delay_code?.trim() ?? "";
  if (code === "") {
    const message = "Elija el código de demora que explica la cancelación.";
    throw new HttpError(400, message, [{ field: "delay_code", message }]);
  }
  const [row] = await db.select({ code: delayCodes.code }).from(delayCodes).where(eq(delayCodes.code, code));
  if (!row) {
    const message = `El código de demora ${code} no existe en el catálogo.`;
    throw new HttpError(400, message, [{ field: "delay_code", message }]);
  }
  return row.code;
}

/** What the send view warns about before a send: no coordinator address, e-mail kept in the outbox. */
/** Where a request for `airport` would go (issue 37: each airport has its coordinator). */
export async function sendStatus(services: Services, airport: string) {
  return {
    coordinator_email: await storedCoordinator(services, airport),
    mail_delivery: services.mailer.delivers ? ("smtp" as const) : ("outbox" as const),
  };
}

/** 400 with code when a data line asks for 000 seats (seed 000 §8). */
function assertCapacity(parts: readonly ScrRequestPart[]): void {
  const problems: RequestProblem[] = [];
  let number = 0;
  for (const part of parts) {
    for (const line of part.data) {
      number++;
      if (line.seats === 0) {
        problems.push({ field: "slots", line: number, message: `La línea ${number} no tiene capacidad de aeronave (000).` });
      }
    }
  }
  if (problems.length === 0) return;
  throw new HttpError(400, NO_CAPACITY_MESSAGE, problems.map((problem) => ({ ...problem })), undefined, {
    code: "Could not get aircraft capacity from line",
  });
}

const PAST_ALTA_MESSAGE = "No se puede enviar la solicitud, hay altas con fecha anterior a hoy.";

/**
 * 400 when an alta (N line) starts before today in Mexico City: an alta is requested from today on.
 * The season's bounds are checked with each line (`requestUnits`).
 */
function assertAltasFromToday(parts: readonly ScrRequestPart[], season: Season, now: Date): void {
  const today = todayInZone(now, DEFAULT_TIME_ZONE);
  const shown = today.split("-").reverse().join("/");
  const problems: RequestProblem[] = [];
  let number = 0;
  for (const part of parts) {
    for (const line of part.data) {
      number++;
      const from = scrDateToIso(line.from, season.name);
      if (from !== null && from < today) {
        problems.push({
          field: "slots",
          line: number,
          message: `La fecha ${line.from} de la línea ${number} es anterior a hoy (${shown}, hora de Ciudad de México): las altas se solicitan a partir de hoy.`,
        });
      }
    }
  }
  if (problems.length === 0) return;
  const [first] = problems;
  throw new HttpError(
    400,
    problems.length > 1 || !first ? PAST_ALTA_MESSAGE : first.message,
    problems.map((problem) => ({ ...problem })),
  );
}

type Prepared = {
  season: Season;
  parts: ScrRequestPart[];
  si: string[];
  gi: string[];
  /** The slots the request is about (modificaciones, cancelaciones), by id. */
  slotIds: number[];
  cc: string[];
  delayCode: string | null;
  /** The airport the request is for (issue 37): its header, its coordinator, its register. */
  airport: HeldAirport;
};

/** Every check that needs no lock, and the message; throws the Spanish refusal. */
async function prepare(body: GenerateRequest, user: AuthenticatedUser, services: Services): Promise<Prepared> {
  const db = services.db;
  assertMayRequest(user, body.action_code);
  const held = await heldAirports(db);
  if (!held.some((a) => a.code === body.airport)) {
    const codes = held.map((a) => a.code);
    const where = codes.length === 1 ? `el aeropuerto ${codes[0] ?? ""}` : `los aeropuertos activos (${codes.join(", ")})`;
    const message = `Las solicitudes solo se envían para ${where}, no para ${body.airport}.`;
    throw new HttpError(400, message, [{ field: "airport", message }]);
  }
  const airport = await resolveAirport(services, user, body.airport);
  const season = await findSeason(db, body.season);
  const seasonAt = await seasonAirport(db, body.season);
  if (seasonAt !== airport.code) {
    const message = `La temporada ${season.name} elegida es de ${seasonAt}, no de ${airport.code}: elija una temporada de ${airport.code}.`;
    throw new HttpError(400, message, [{ field: "season", message }]);
  }
  const si = footerEntries(body.special_information);
  if (si.length === 0) {
    const message = "La información especial (S.I.) no puede estar vacía.";
    throw new HttpError(400, message, [{ field: "special_information", message }]);
  }
  const gi = footerEntries(body.general_information);
  if (gi.length === 0) gi.push(greeting(user.name, user.lastName));

  const { units, problems } = requestUnits(body.slots, {
    actionCode: body.action_code,
    requestLetter: body.request_letter ?? "R",
    season,
    airline: await storedAirline(services.db),
  });
  if (problems.length > 0) throw problemsError(problems);

  let parts: ScrRequestPart[];
  try {
    parts = composeScrRequest({
      creator: scrCreator(services.config),
      season: season.name,
      date: services.now().toISOString().slice(0, 10),
      airport: airport.code,
      // A slot-by-slot modification or cancellation goes out as one C/R (or D) per period.
      units: body.action_code === 2 ? units : periodUnits(units, season.name),
      si,
      gi,
    });
  } catch (error) {
    if (!(error instanceof ScrBuildError)) throw error;
    throw problemsError(error.problems.map((problem) => ({ field: problem.path, message: problem.message })));
  }
  assertCapacity(parts);
  if (body.action_code === 2) assertAltasFromToday(parts, season, services.now());

  let slotIds: number[] = [];
  if (body.action_code !== 2) {
    const byId = await draftSlots(db, rowSlotIds(body), season.name, airport.code);
    assertNoneInProcess([...byId.values()]);
    slotIds = [...new Set(units.map((unit) => Number(unit.id)))];
  }
  const cc = await ccContacts(db, body.cc);
  const delayCode = await cancellationDelayCode(db, body);
  return { season, parts, si, gi, slotIds, cc, delayCode, airport };
}

const publicParts = (parts: readonly ScrRequestPart[]) => parts.map(({ part, text, lines }) => ({ part, text, lines }));

/** Thrown inside the transaction when the reference was taken; turned into a 409 after it. */
class ReferenceTaken extends Error {}

async function send(
  body: GenerateRequest,
  user: AuthenticatedUser,
  services: Services,
  prepared: Prepared,
  coordinator: string,
): Promise<GenerateRequestResult> {
  const { season, parts, si, gi, slotIds, cc, delayCode, airport } = prepared;
  const now = services.now();
  const requestType = REQUEST_TYPE_NAME[body.action_code];
  return services.db.transaction(async (tx) => {
    // Two sends sharing slots wait for each other; the second then finds them WIP.
    const locked = await lockSlots(tx, slotIds);
    assertNoneInProcess(locked);

    // The unique (season, reference) index decides between simultaneous sends: the later insert
    // waits for the earlier transaction and, once it commits, inserts nothing.
    const requestId = await insertLogbookRequest(tx, {
      seasonId: season.id,
      reference: body.reference,
      type: body.action_code,
      airport: airport.code,
      responsible: user,
      requestDate: now,
      si: si.join("\n"),
      gi: gi.join("\n"),
      delayCode,
    });
    if (requestId === null) throw new ReferenceTaken();

    const history: SlotHistoryEntry[] = [];
    for (const part of parts) {
      const stored = { id: await insertLogbookPart(tx, { requestId, partNumber: part.part, requestText: part.text }) };
      const lines = part.units.map((unit, index) => {
        const slotId = body.action_code === 2 ? null : Number(unit.id);
        // A period line speaks for every slot of its dates: each gets its history row.
        const slotIds = body.action_code === 2 ? [] : (unit.ids ?? [unit.id]).map(Number);
        for (const id of slotIds) {
          history.push({
            slotId: id,
            changedAt: now,
            reference: body.reference,
            part: part.part,
            requestType,
            actualLine: unit.actual,
            requestLine: unit.request,
          });
        }
        return { partId: stored.id, position: index + 1, slotId, actual: unit.actual, request: unit.request };
      });
      await insertLogbookLines(tx, lines);
    }
    await markSlotsInProcess(tx, locked, history, now);

    // After a successful send the draft of that type loses what was sent (seed 000 §4.3), and only
    // that: the slots and altas the request did not carry stay for the next one.
    const sentIds = new Set(body.slots.map((row) => row.id));
    await removeSentFromDraft(tx, services.schemas, user.id, authorName(user), DRAFT_TYPE_OF_ACTION[body.action_code], sentIds, now);

    await recordAudit(tx, user, now, {
      action: "request.send",
      targetType: "request",
      targetId: requestId,
      targetLabel: `${season.name} REF ${body.reference}`,
      details: {
        season: season.name,
        reference: body.reference,
        type: ACTION_LABEL[body.action_code],
        parts: parts.length,
        lines: parts.reduce((total, part) => total + part.lines, 0),
        to: coordinator,
        cc,
      },
    });

    await failpoint("request.send");
    // Last, once everything else is written: a refused e-mail (502) rolls it all back.
    let status: "sent" | "kept" = "sent";
    for (const part of parts) {
      const mail = await services.mailer.send(tx, {
        purpose: "scr_request",
        to: [coordinator],
        cc,
        subject: subjectOf(season, body.reference, part.part, parts.length, airport.code),
        text: part.text,
      });
      status = mail.status;
    }
    return { reference: body.reference, sent: true, parts: publicParts(parts), logbook_id: requestId, mail_status: status };
  });
}

/** The request's parts (a preview), or the request sent and recorded; 409 naming a free reference when its is taken. */
export async function generateOrSend(services: Services, user: AuthenticatedUser, body: GenerateRequest): Promise<GenerateRequestResult> {
  const prepared = await prepare(body, user, services);
  if (!body.send_request) {
    return { reference: body.reference, sent: false, parts: publicParts(prepared.parts), logbook_id: null, mail_status: null };
  }
  const coordinator = await airportCoordinatorAddress(services, prepared.airport);
  try {
    return await send(body, user, services, prepared, coordinator);
  } catch (error) {
    if (!(error instanceof ReferenceTaken)) throw error;
    throw await referenceInUse(services.db, prepared.season.id, () => REFERENCE_IN_USE_MESSAGE);
  }
}

