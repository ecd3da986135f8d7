/**
 * The Admin's K/U toggle on a logbook line (seed 002 §4 "Logbook lines", §8; issue 12 item 5):
 * the line is re-applied as granted (K) or refused (U). A change line's slot takes the granted
 * data or goes back to the held one; an alta's slots are created or removed. When the slot is no
 * longer where the line left it (changed since), 400 with code `OLD KEY NOT FOUND`.
 */
import { grantedSlotData, grantedSlotFor, lineSlots } from "../../domain/references";
import { pairReply, parseScr, type ScrDataLine } from "../../domain/scr";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { authorName } from "../http/author";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { rematch } from "../matching/rematch";
import { REQUEST_TYPE_NAME } from "../requests/common";
import { insertSlotHistory, type SlotRecord } from "../slots/register";
import { inTransaction, lineTexts, refuse } from "./common";
import { bumpRequestVersion, lockLogbookLine, lockRequestVersion, setLineResponse } from "../logbook/records";
import { createAltaSlots, type ItemContext } from "./response";
import { SlotIndex, type SlotHistoryRow } from "../slots/slotIndex";

const OLD_KEY_MESSAGE = "No es posible editar esta línea debido a que el slot asociado ha sido modificado";

/** Re-applies the line as K or U from the request's version `expected`; a preview (`compute` false) is rolled back. */
export function changeLineStatus(
  db: Database,
  user: AuthenticatedUser,
  body: { line_id: number; new_status: "K" | "U"; compute: boolean },
  expected: number | null,
  now: Date,
) {
  return inTransaction(db, body.compute, async (tx) => {
    const row = await lockLogbookLine(tx, body.line_id);
    if (!row) throw new HttpError(404, `No existe la línea ${body.line_id} en la Bitácora.`);
    const { line, part, request } = row;
    const current = await lockRequestVersion(tx, request.id);
    if (current) checkVersion(expected, current, "esta solicitud");
    const season = row.season.name;
    if (part.responseText === null || (line.response !== "K" && line.response !== "U")) {
      throw refuse(null, "Solo se puede cambiar entre K y U una línea que ya tiene respuesta K o U del coordinador.");
    }
    if (line.response === body.new_status) return line;

    const requestLines = parseScr(part.requestText ?? "").lines;
    const replyLines = parseScr(part.responseText).lines;
    const item = pairReply(requestLines, replyLines).items[line.position - 1];
    const [first, second] = item?.request ?? [];
    if (!item || !first || (item.kind !== "change" && item.kind !== "new") || (item.kind === "change" && !second)) {
      throw refuse(null, "Solo las líneas de cambio (C+R) o de alta (N) se cambian entre K y U.");
    }
    const requestText = lineTexts(part.requestText ?? "");
    const replyText = lineTexts(part.responseText);
    const type = request.type === 2 || request.type === 3 ? request.type : 4;
    const context: ItemContext = {
      item,
      season,
      reference: request.reference,
      part: part.partNumber,
      requestType: REQUEST_TYPE_NAME[type],
      replyText: (of) => replyText(of.line),
      requestText: (of) => requestText(of.line),
      now,
    };
    // What a K gives: the coordinator's K line, or what was asked when the reply refused it.
    const grantedLine: ScrDataLine = item.granted ?? (item.kind === "change" && second ? second : first);
    const grantedText = item.granted ? replyText(item.granted.line) : requestText(grantedLine.line);
    const granted = lineSlots(grantedLine, season);
    const heldLine = lineSlots(first, season);
    const index = await SlotIndex.load(tx, season, [...granted, ...heldLine], request.airport);
    const oldKey = () =>
      new HttpError(400, OLD_KEY_MESSAGE, [{ field: "line_id", message: `Línea ${line.position}: el slot cambió desde la respuesta.` }], undefined, {
        code: "OLD KEY NOT FOUND",
      });
    const history: SlotHistoryRow[] = [];
    const entry = (slotId: number, response: string, actual: string | null, requested: string | null): SlotHistoryRow => ({
      slotId,
      changedAt: now,
      reference: request.reference,
      part: part.partNumber,
      requestType: context.requestType,
      actualLine: actual,
      requestLine: requested,
      response,
    });
    let slotId: number | null = line.slotId;

    if (item.kind === "change") {
      const actualText = requestText(first.line);
      for (const held of heldLine) {
        const target = grantedSlotFor(held, granted);
        if (!target) throw oldKey();
        if (body.new_status === "U") {
          const record = index.find(target, (status) => status === "K");
          if (!record) throw oldKey();
          index.patch(record, {
            flightNumber: held.flightNumber,
            date: held.date,
            time: held.time,
            route: held.route,
            aircraftType: held.aircraftType,
            seats: held.seats,
            serviceType: held.serviceType,
            status: index.current(record).statusBeforeRequest ?? "K",
          });
          history.push(entry(record.id, "U", actualText, grantedText));
        } else {
          const record: SlotRecord | null = index.find(held, (status) => status !== "WIP" && status !== "CAN" && status !== "C");
          if (!record) throw oldKey();
          index.patch(record, { ...grantedSlotData(target), status: "K" });
          history.push(entry(record.id, "K", actualText, grantedText));
        }
      }
      await index.flush(tx, now);
    } else if (body.new_status === "U") {
      for (const slot of granted) {
        const record = index.find(slot, (status) => status === "ADD" || status === "K");
        if (!record) throw oldKey();
        index.remove(record);
      }
      await index.flush(tx, now);
      slotId = null;
    } else {
      slotId = await createAltaSlots(tx, index, context, grantedLine, "K", history);
    }
    await insertSlotHistory(tx, history);
    const updated = await setLineResponse(tx, line.id, body.new_status, slotId);
    // A preview is rolled back: re-matching would change nothing anyone sees.
    if (body.compute) await rematch(tx, [...index.dates]);
    await bumpRequestVersion(tx, request.id, authorName(user), now);
    await recordAudit(tx, user, now, {
      action: "reference.line_status",
      targetType: "request",
      targetId: request.id,
      targetLabel: `${season} REF ${request.reference}`,
      details: { season, reference: request.reference, parts: part.partNumber, lines: line.position, code: { from: line.response, to: body.new_status } },
    });
    return updated ?? line;
  });
}
