/**
 * A request sent outside Slotdesk, loaded from its file (seed 002 §3, §4 stages 1–2; issue 12
 * item 4): the logbook entry (or its next part) with one line per item, and the slots of its C
 * and D lines marked in process (WIP) with their history. Refused — nothing written — when the
 * reference is not the next one, already exists, or a line's slot is not in the register.
 */
import { and, eq, max } from "drizzle-orm";
import { DEFAULT_AIRPORT } from "../airports/held";

import { lineSlots, referenceFileName, requestTypeOf } from "../../domain/references";
import { requestItems } from "../../domain/scr";
import type { components } from "../../generated/openapi";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { logbookParts, logbookRequests, seasons } from "../db/schema";
import type { ErrorDetail } from "../http/errors";
import { nextReference } from "../logbook/references";
import { REQUEST_TYPE_NAME } from "../requests/common";
import type { Services } from "../services";
import { lockSlots, markSlotsInProcess, type SlotHistoryEntry } from "../slots/register";
import { insertLogbookLines, insertLogbookPart, insertLogbookRequest } from "../logbook/records";
import { inTransaction, lineTexts, parseReferenceFile, readerWarnings, refuse, type ReferenceFile } from "./common";
import { SlotIndex } from "../slots/slotIndex";
import { messageAirport } from "./response";

type RequestResult = components["schemas"]["ReferenceUploadRequestResult"];

/** The season row of a file's season; refused when Slotdesk does not have it. */
export async function seasonOf(tx: Database, file: ReferenceFile, code: "reference not found in system", airport = DEFAULT_AIRPORT) {
  // Issue 37: a season is one airport's (a reply's or a request file's: the airport of its header).
  const [season] = await tx.select().from(seasons).where(and(eq(seasons.airport, airport), eq(seasons.name, file.name.season)));
  if (!season) {
    throw refuse(code, `Referencia no encontrada: la temporada ${file.name.season} de ${file.fileName} no existe en Slotdesk.`);
  }
  return season;
}

/** Where the request goes: a new reference (part 1) or the next part of an existing one. */
async function checkOrder(tx: Database, seasonId: number, file: ReferenceFile): Promise<number | null> {
  const { reference, part } = file.name;
  const [existing] = await tx
    .select({ id: logbookRequests.id })
    .from(logbookRequests)
    .where(and(eq(logbookRequests.seasonId, seasonId), eq(logbookRequests.reference, reference)))
    .for("update");
  const next = await nextReference(tx, seasonId);
  if (!existing) {
    if (part === 1 && reference === next) return null;
    throw refuse(
      "reference is not the next reference",
      `La referencia ${reference} parte ${part} de ${file.fileName} no es la siguiente: se esperaba la referencia ${next} parte 1 (${referenceFileName(file.airline, file.name.season, next, 1)}).`,
      [{ field: "file", message: `Siguiente referencia: ${next}.` }],
    );
  }
  const [row] = await tx.select({ highest: max(logbookParts.partNumber) }).from(logbookParts).where(eq(logbookParts.requestId, existing.id));
  const highest = row?.highest ?? 0;
  if (part <= highest) {
    throw refuse(
      "reference already exists",
      `La referencia ${reference} parte ${part} (${file.fileName}) ya existe en la temporada ${file.name.season}. La siguiente referencia libre es ${next}; la siguiente parte de la referencia ${reference} es ${highest + 1}.`,
      [{ field: "file", message: `Siguiente referencia: ${next}; siguiente parte: ${highest + 1}.` }],
    );
  }
  if (part !== highest + 1) {
    throw refuse(
      "reference is not the next reference",
      `La referencia ${reference} parte ${part} de ${file.fileName} no es la siguiente: se esperaba la parte ${highest + 1} (${referenceFileName(file.airline, file.name.season, reference, highest + 1)}).`,
      [{ field: "file", message: `Siguiente parte: ${highest + 1}.` }],
    );
  }
  return existing.id;
}

export async function loadRequest(services: Services, user: AuthenticatedUser, file: ReferenceFile): Promise<RequestResult> {
  const message = parseReferenceFile(file, "solicitud");
  const textOf = lineTexts(file.text);
  const items = requestItems(message.lines);
  const type = requestTypeOf(message.lines);
  const now = services.now();
  const airport = await messageAirport(services, user, file, message.header.airport, "La solicitud");
  return inTransaction(services.db, file.compute, async (tx) => {
    const season = await seasonOf(tx, file, "reference not found in system", airport);
    const existingId = await checkOrder(tx, season.id, file);

    // The slots of the C and D lines (the slot as held now), all loaded at once.
    const held = items.map((item) => {
      const first = item.lines[0];
      return first && (item.kind === "change" || item.kind === "delete") ? lineSlots(first, season.name) : [];
    });
    const index = await SlotIndex.load(tx, season.name, held.flat(), airport);
    const notFound: ErrorDetail[] = [];
    const busy: ErrorDetail[] = [];
    const slotIdsOfItem = held.map((slotsOfLine, i) => {
      const line = items[i]?.lines[0];
      const ids: number[] = [];
      for (const slot of slotsOfLine) {
        const found = index.find(slot, (status) => status !== "CAN" && status !== "C");
        if (!found) {
          if (line) {
            notFound.push({
              field: "file",
              line: line.line,
              message: `Slot anterior no encontrado: ${file.fileName}, línea ${line.line} (${textOf(line.line)}), ${slot.flightNumber} del ${slot.date} a las ${slot.time} UTC.`,
            });
          }
        } else if (found.status === "WIP") {
          if (line) busy.push({ field: "file", line: line.line, message: `${file.fileName}, línea ${line.line}: el slot ${found.flightNumber} del ${found.date} ya está en proceso (WIP) por otra solicitud.` });
        } else ids.push(found.id);
      }
      if (slotsOfLine.length === 0 && line && (items[i]?.kind === "change" || items[i]?.kind === "delete")) {
        notFound.push({ field: "file", line: line.line, message: `Slot anterior no encontrado: ${file.fileName}, línea ${line.line} (${textOf(line.line)}): su periodo no es de la temporada ${season.name}.` });
      }
      return ids;
    });
    if (notFound.length > 0) {
      const first = notFound[0]?.message ?? "";
      throw refuse("old key not found", notFound.length === 1 ? first : `${notFound.length} líneas sin slot. ${first}`, notFound);
    }
    if (busy.length > 0) throw refuse(null, busy[0]?.message ?? "Hay slots en proceso.", busy);

    let requestId = existingId;
    if (requestId === null) {
      requestId = await insertLogbookRequest(tx, {
        seasonId: season.id,
        reference: file.name.reference,
        type,
        airport,
        responsible: user,
        requestDate: now,
        si: message.si.join("\n"),
        gi: message.gi.join("\n"),
      });
      if (requestId === null) throw new Error("logbook request insert returned no row");
    }
    const part = { id: await insertLogbookPart(tx, { requestId, partNumber: file.name.part, requestText: file.text }) };

    const history: SlotHistoryEntry[] = [];
    const lines = items.map((item, i) => {
      const [first, second] = item.lines;
      const actual = item.kind === "change" && first ? textOf(first.line) : null;
      const request = item.kind === "change" ? (second ? textOf(second.line) : null) : first ? textOf(first.line) : null;
      const ids = slotIdsOfItem[i] ?? [];
      for (const slotId of ids) {
        history.push({
          slotId,
          changedAt: now,
          reference: file.name.reference,
          part: file.name.part,
          requestType: REQUEST_TYPE_NAME[type],
          actualLine: actual,
          requestLine: request,
        });
      }
      return { partId: part.id, position: i + 1, slotId: ids[0] ?? null, actual, request };
    });
    await insertLogbookLines(tx, lines);
    const ids = [...new Set(slotIdsOfItem.flat())];
    const locked = await lockSlots(tx, ids);
    await markSlotsInProcess(tx, locked, history, now, file.compute);
    await recordAudit(tx, user, now, {
      action: "reference.request_upload",
      targetType: "request",
      targetId: requestId,
      targetLabel: `${season.name} REF ${file.name.reference}`,
      details: { season: season.name, reference: file.name.reference, parts: file.name.part, type, lines: lines.length },
    });
    return {
      reference: file.name.reference,
      part: file.name.part,
      type,
      slots_found: ids.length,
      lines_created: lines.length,
      slots_updated: locked.length,
      total_lines: message.lines.length,
      slots_not_found: { total: 0, lines: [] },
      ...readerWarnings(message),
    };
  });
}
