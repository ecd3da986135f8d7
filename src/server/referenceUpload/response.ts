/**
 * The coordinator's reply to a reference, applied to the slots as IATA SSIM Chapter 6 means it
 * (seed 002 §3, §4 stages 3–4; issue 12 item 5; shared/domain/SCR.md, reply table). Each reply
 * line is paired with the request line it answers by content (`pairReply`), then per item:
 *
 * - C+R/L granted (X+K or T): the slot takes the K line's data, status K (KH in its history when
 *   the coordinator gave another time: `diff_time`);
 * - C+R/L refused (H+U, optional O offers): the slot keeps its data and returns to the status it
 *   had before the request (`slots.status_before_request`);
 * - C answered W (or H alone): the coordinator does not hold it; listed in `slots_not_found`, the
 *   slot returns to its status;
 * - N granted (K): a new series (status ADD); N refused (U): nothing;
 * - D granted (X): the slot is cancelled (CAN); refused: back to its status;
 * - an item with no reply line stays pending (a partial reply), its slots WIP.
 *
 * The logbook line gets its reply code (and the O lines as offers, with their deadline), the part
 * its reply text, the entry its response date; the touched dates are re-matched. One transaction.
 */
import { and, eq } from "drizzle-orm";
import { grantedSlotData, grantedSlotFor, lineSlots, type LineSlot } from "../../domain/references";
import { pairReply, parseScr, type ReplyItem, type ScrDataLine } from "../../domain/scr";
import { offersDeadline } from "../../domain/scr/offers";
import type { components } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { logbookLines, logbookParts, logbookRequests } from "../db/schema";
import type { ErrorDetail } from "../http/errors";
import { rematch } from "../matching/rematch";
import { REQUEST_TYPE_NAME } from "../requests/common";
import type { Services } from "../services";
import { insertSlotHistory, type SlotRecord } from "../slots/register";
import { type LineUpdate, storeReply, writeLineUpdates } from "../logbook/records";
import { inTransaction, lineTexts, mergeReplyTexts, parseReferenceFile, readerWarnings, refuse, type ReferenceFile } from "./common";
import { seasonOf } from "./request";
import { DEFAULT_AIRPORT, heldAirport } from "../airports/held";
import { assertAirportAccess } from "../airports/access";
import { SlotIndex, type SlotHistoryRow } from "../slots/slotIndex";

type ResponseResult = components["schemas"]["ReferenceUploadResponseResult"];
type LineType = 2 | 3 | 4;

/** Where each item of a request meets the register: its held slots and the slots it asks for. */
export type ItemContext = {
  item: ReplyItem;
  season: string;
  reference: number;
  part: number;
  requestType: string;
  /** Text of a reply or request line by its line, for history and messages. */
  replyText: (line: ScrDataLine) => string;
  requestText: (line: ScrDataLine) => string;
  now: Date;
};

const revertStatus = (record: SlotRecord) => record.statusBeforeRequest ?? "K";
const inProcess = (status: string) => status === "WIP";

/** The held slots (C or D line) of an item, in process; refusal details for the missing ones. */
function heldSlots(index: SlotIndex, line: ScrDataLine, context: ItemContext, fileName: string, missing: ErrorDetail[]) {
  const found: Array<{ record: SlotRecord; slot: LineSlot }> = [];
  for (const slot of lineSlots(line, context.season)) {
    const record = index.find(slot, inProcess);
    if (record) found.push({ record, slot });
    else {
      missing.push({
        field: "file",
        line: line.line,
        message: `Slot anterior no encontrado: la línea ${line.line} de la solicitud (${context.requestText(line)}), que responde ${fileName}, no tiene un slot en proceso ${slot.flightNumber} del ${slot.date} a las ${slot.time} UTC.`,
      });
    }
  }
  return found;
}

function historyRow(context: ItemContext, slotId: number, response: string, actual: string | null, request: string | null): SlotHistoryRow {
  return {
    slotId,
    changedAt: context.now,
    reference: context.reference,
    part: context.part,
    requestType: context.requestType,
    actualLine: actual,
    requestLine: request,
    response,
  };
}

/**
 * Makes the new slots of a granted alta (one series per direction). Returns the first new id.
 */
export async function createAltaSlots(tx: Database, index: SlotIndex, context: ItemContext, line: ScrDataLine, response: string, history: SlotHistoryRow[]) {
  const wanted = lineSlots(line, context.season);
  let first: number | null = null;
  for (const arrival of [true, false]) {
    const direction = wanted.filter((slot) => slot.isArrival === arrival);
    if (direction.length === 0) continue;
    const created = await index.insert(tx, direction, index.newSerie(), "ADD");
    for (const record of created) {
      first ??= record.id;
      history.push(historyRow(context, record.id, response, null, context.replyText(line)));
    }
  }
  return first;
}

/**
 * The airport a coordinator's reply, or a request file, is applied to (issue 37): the one of its
 * header (MEX when the header names none), refused when it is not active, and to a caller
 * restricted from it.
 */
export async function messageAirport(
  services: Services,
  user: AuthenticatedUser,
  file: ReferenceFile,
  named: string | null,
  what: "La respuesta" | "La solicitud" = "La respuesta",
): Promise<string> {
  // The screen's airport (issue 37): a file of another airport is not loaded there by mistake.
  if (file.chosen !== null && named !== null && named !== file.chosen) {
    const text = `${what} ${file.fileName} es del aeropuerto ${named}, pero el aeropuerto elegido es ${file.chosen}: elija ${named} en la barra superior para cargarla. No se aplicó nada.`;
    throw refuse(null, text, [{ field: "file", message: text }]);
  }
  const code = named ?? file.chosen ?? DEFAULT_AIRPORT;
  if ((await heldAirport(services.db, code)) === null) {
    const text = `${what} ${file.fileName} es del aeropuerto ${code}, que no está entre los aeropuertos activos de Slotdesk: no se aplicó nada.`;
    throw refuse(null, text, [{ field: "file", message: text }]);
  }
  await assertAirportAccess(services, user, code);
  return code;
}

export async function applyReply(services: Services, user: AuthenticatedUser, file: ReferenceFile): Promise<ResponseResult> {
  const reply = parseReferenceFile(file, "respuesta");
  const replyText = lineTexts(file.text);
  const now = services.now();
  const airport = await messageAirport(services, user, file, reply.header.airport);
  return inTransaction(services.db, file.compute, async (tx) => {
    const season = await seasonOf(tx, file, "reference not found in system", airport);
    const [request] = await tx
      .select()
      .from(logbookRequests)
      .where(and(eq(logbookRequests.seasonId, season.id), eq(logbookRequests.reference, file.name.reference)))
      .for("update");
    const [part] = request
      ? await tx
          .select()
          .from(logbookParts)
          .where(and(eq(logbookParts.requestId, request.id), eq(logbookParts.partNumber, file.name.part)))
          .for("update")
      : [];
    if (!request || !part) {
      throw refuse(
        "reference not found in system",
        `Referencia no encontrada: la referencia ${file.name.reference} parte ${file.name.part} (${file.fileName}) no existe en la Bitácora de ${season.name}. Carga primero su solicitud.`,
        [{ field: "file", message: `Referencia ${file.name.reference} parte ${file.name.part} no encontrada.` }],
      );
    }
    const requestMessage = parseScr(part.requestText ?? "");
    const requestText = lineTexts(part.requestText ?? "");
    const pairing = pairReply(requestMessage.lines, reply.lines);
    const lines = await tx.select().from(logbookLines).where(eq(logbookLines.partId, part.id)).orderBy(logbookLines.position);
    // A later reply may answer what an earlier one left pending, and nothing else: a reply
    // uploaded twice, or one that answers a line again, changes nothing.
    const answers = pairing.items.filter((item) => item.outcome !== "pending" && item.kind !== "offer_answer");
    const answeredAgain = pairing.items.filter((item, position) => item.outcome !== "pending" && item.kind !== "offer_answer" && (lines[position]?.response ?? null) !== null);
    if (answeredAgain.length > 0 || (part.responseText !== null && answers.length === 0)) {
      const again = answeredAgain.flatMap((item) => item.reply.map((line) => `${file.fileName}, línea ${line.line} (${replyText(line.line)}): esa línea de la solicitud ya tiene respuesta.`));
      throw refuse(
        "response already computed",
        `La respuesta de la referencia ${file.name.reference} parte ${file.name.part} ya fue cargada (${file.fileName}).${again[0] ? ` ${again[0]}` : ""}`,
        again.length > 0 ? again.map((message) => ({ field: "file", message })) : [{ field: "file", message: "Respuesta ya cargada." }],
      );
    }
    if (pairing.unanswered.length > 0) {
      const details = pairing.unanswered.map((line) => ({
        field: "file",
        line: line.line,
        message: `${file.fileName}, línea ${line.line} (${replyText(line.line)}): no responde a ninguna línea de la solicitud ${file.name.reference} parte ${file.name.part}.`,
      }));
      throw refuse(null, details.length === 1 ? (details[0]?.message ?? "") : `${details.length} líneas de la respuesta no responden a la solicitud. ${details[0]?.message ?? ""}`, details);
    }

    // Every slot the reply can touch, loaded and locked at once.
    const wanted = pairing.items.flatMap((item) => [...item.request, ...item.reply].flatMap((line) => lineSlots(line, season.name)));
    const index = await SlotIndex.load(tx, season.name, wanted, airport);
    const type: LineType = request.type === 2 || request.type === 3 ? request.type : 4;
    const footer = [...reply.si, ...reply.gi];
    const replyDate = now.toISOString().slice(0, 10);
    const missing: ErrorDetail[] = [];
    const history: SlotHistoryRow[] = [];
    const lineUpdates: LineUpdate[] = [];
    const notFound: string[] = [];
    let normal = 0;
    let diffTime = 0;
    const altas: Array<{ lineId: number | null; context: ItemContext; line: ScrDataLine }> = [];

    pairing.items.forEach((item, position) => {
      const logbookLine = lines[position] ?? null;
      const context: ItemContext = {
        item,
        season: season.name,
        reference: file.name.reference,
        part: file.name.part,
        requestType: REQUEST_TYPE_NAME[type],
        replyText: (line) => replyText(line.line),
        requestText: (line) => requestText(line.line),
        now,
      };
      const [first, second] = item.request;
      const offers = item.offers.map((line) => replyText(line.line));
      let response: string | null = null;
      if (!first || item.outcome === "pending" || item.kind === "offer_answer") {
        if (logbookLine && offers.length > 0) lineUpdates.push({ id: logbookLine.id, response: null, offers, offersDeadline: offersDeadline(replyDate, footer, season.name), slotId: null });
        return;
      }
      const actualText = item.kind === "change" ? requestText(first.line) : null;
      if (item.kind === "change" || item.kind === "delete") {
        const held = heldSlots(index, first, context, file.fileName, missing);
        if (item.outcome === "granted" || item.outcome === "granted_other_time") {
          if (item.kind === "delete") {
            response = "X";
            for (const { record } of held) {
              index.patch(record, { status: "CAN" });
              history.push(historyRow(context, record.id, "X", null, requestText(first.line)));
            }
          } else if (item.granted) {
            response = "K";
            const code = item.outcome === "granted_other_time" ? "KH" : "K";
            const granted = lineSlots(item.granted, season.name);
            for (const { record, slot } of held) {
              const target = grantedSlotFor(slot, granted);
              if (!target) {
                missing.push({
                  field: "file",
                  line: item.granted.line,
                  message: `Slot no encontrado: ${file.fileName}, línea ${item.granted.line} (${replyText(item.granted.line)}) no da el slot del ${slot.date} (${slot.isArrival ? "llegada" : "salida"}).`,
                });
                continue;
              }
              index.patch(record, { ...grantedSlotData(target), status: "K" });
              history.push(historyRow(context, record.id, code, actualText, replyText(item.granted.line)));
            }
          }
          if (item.outcome === "granted_other_time") diffTime += 1;
          else if (item.kind === "change") normal += 1;
        } else {
          response = item.outcome === "not_found" ? "W" : "U";
          if (item.outcome === "not_found") notFound.push(requestText(first.line));
          for (const { record } of held) {
            index.patch(record, { status: revertStatus(index.current(record)) });
            history.push(historyRow(context, record.id, response, actualText, second ? requestText(second.line) : requestText(first.line)));
          }
        }
      } else if (item.kind === "new") {
        if (item.granted) {
          response = "K";
          if (item.outcome === "granted_other_time") diffTime += 1;
          else normal += 1;
          altas.push({ lineId: logbookLine?.id ?? null, context, line: item.granted });
        } else {
          response = "U";
        }
      }
      if (logbookLine) {
        lineUpdates.push({
          id: logbookLine.id,
          response,
          offers,
          offersDeadline: offers.length > 0 ? offersDeadline(replyDate, footer, season.name) : null,
          slotId: null,
        });
      }
    });
    if (missing.length > 0) {
      const oldKey = missing.some((detail) => detail.message.startsWith("Slot anterior"));
      throw refuse(oldKey ? "old key not found" : "new key not found", missing.length === 1 ? (missing[0]?.message ?? "") : `${missing.length} slots no encontrados. ${missing[0]?.message ?? ""}`, missing);
    }

    await index.flush(tx, now);
    for (const alta of altas) {
      const first = await createAltaSlots(tx, index, alta.context, alta.line, "K", history);
      const update = lineUpdates.find((candidate) => candidate.id === alta.lineId);
      if (update) update.slotId = first;
    }
    await insertSlotHistory(tx, history);
    await writeLineUpdates(tx, lineUpdates);
    const responseText =
      part.responseText === null
        ? file.text
        : mergeReplyTexts(part.responseText, reply.lines.map((line) => replyText(line.line)), [...reply.si.map((text) => `SI ${text}`), ...reply.gi.map((text) => `GI ${text}`)]);
    await storeReply(tx, part.id, request.id, responseText, now);
    // A preview is rolled back: re-matching would change nothing anyone sees.
    if (file.compute) await rematch(tx, [...index.dates]);
    await recordAudit(tx, user, now, {
      action: "reference.response_upload",
      targetType: "request",
      targetId: request.id,
      targetLabel: `${season.name} REF ${file.name.reference}`,
      details: { season: season.name, reference: file.name.reference, parts: file.name.part, lines: reply.lines.length },
    });

    const count = (action: string) => reply.lines.filter((line) => line.action === action).length;
    return {
      reference: file.name.reference,
      part: file.name.part,
      type,
      response_count: {
        total: reply.lines.length,
        k: { normal, diff_time: diffTime },
        u: count("U"),
        x: count("X"),
        w: count("W"),
        h: count("H"),
      },
      slots_not_found: { total: notFound.length, lines: notFound },
      ...readerWarnings(reply),
    };
  });
}
