/**
 * Applying the chosen differences of the coordinator's list to the register, in one transaction:
 * the comparison is made again on the season's locked slots, every chosen key must still name a
 * difference that is not in process, and then only those are written (slots cancelled, changed or
 * created), with a history row per slot and an audit entry saying "según {type} del coordinador
 * dd/mm", and the touched dates re-matched. Anything refused writes nothing.
 */
import { formatDate } from "../../domain/dateRange";
import type { Airline } from "../../domain/airline";
import type { DifferenceKind, ListSlot, PlannedDifference, RegisterSlot } from "../../domain/coordinatorList";
import { kindLabels } from "../../domain/coordinatorList";
import { slotLine } from "../../domain/scr";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import { HttpError } from "../http/errors";
import { rematch } from "../matching/rematch";
import { lockSeasonByName } from "../seasons/find";
import type { Services } from "../services";
import { compareWithRegister, type ReadList } from "./compare";
import { cancelSlots, changeSlots, createSlots, type NewSlot, type SlotChange } from "../slots/bulk";
import { insertSlotHistory as writeHistory } from "../slots/register";
import { highestSerie, type SlotHistoryRow } from "./queries";

export type ApplyCounts = { applied: number; created: number; changed: number; cancelled: number; dates: number; pastLeft: number };

const FIELD_OF: Partial<Record<DifferenceKind, (change: SlotChange, there: ListSlot) => void>> = {
  time: (change, there) => {
    change.time = there.time;
  },
  aircraft: (change, there) => {
    if (there.aircraftType !== null) change.aircraftType = there.aircraftType;
  },
  seats: (change, there) => {
    if (there.seats !== null) change.seats = there.seats;
  },
  service_type: (change, there) => {
    change.serviceType = there.serviceType;
  },
};

const held = (slot: RegisterSlot) => slotLine("C", slot);

/** The differences the keys name, or the refusal (409: changed since; 400: in process). */
function chosen(differences: readonly PlannedDifference[], keys: readonly string[]): PlannedDifference[] {
  const byKey = new Map(differences.map((difference) => [difference.key, difference]));
  const wanted = [...new Set(keys)];
  const missing = wanted.filter((key) => !byKey.has(key));
  if (missing.length > 0) {
    const message =
      missing.length === 1
        ? "Una de las diferencias elegidas ya no coincide con el registro (cambió desde la comparación). Vuelva a comparar la lista: no se aplicó nada."
        : `${missing.length} de las diferencias elegidas ya no coinciden con el registro (cambió desde la comparación). Vuelva a comparar la lista: no se aplicó nada.`;
    throw new HttpError(409, message, missing.slice(0, 50).map((key) => ({ field: "diferencia", message: `La diferencia ${key} ya no está en la comparación.` })));
  }
  const picked = wanted.flatMap((key) => byKey.get(key) ?? []);
  const inProcess = picked.filter((difference) => difference.wip);
  if (inProcess.length > 0) {
    const first = inProcess[0];
    const slot = first?.entries.find((entry) => entry.here)?.here;
    const what = slot ? `${kindLabels[first?.kind ?? "time"].toLowerCase()} de ${slot.flightNumber} del ${formatDate(slot.date)}` : "una diferencia";
    throw new HttpError(400, `La diferencia de ${what} está en proceso (WIP): una solicitud en curso la explica y no se aplica como corrección. No se aplicó nada.`);
  }
  const unread = picked.find((difference) => difference.uncertain);
  if (unread) {
    const slot = unread.entries.find((entry) => entry.here)?.here;
    const what = slot ? ` de ${slot.flightNumber} del ${formatDate(slot.date)}` : "";
    throw new HttpError(
      400,
      `La lista tiene líneas que no se pudieron leer y los slots${what} pueden estar en una de ellas: no se cancelan. Corrija la lista y vuelva a compararla. No se aplicó nada.`,
    );
  }
  return picked;
}

/**
 * Applies the differences named by `keys`: from today (UTC, the slots' dates) on, unless
 * `includePast` also asks for the dates already past (they change Monitoreo's weeks). A choice
 * whose every date is past, without `includePast`, is refused (400) and writes nothing.
 */
export async function applyDifferences(
  services: Services,
  user: AuthenticatedUser,
  read: ReadList,
  airline: Airline,
  keys: readonly string[],
  includePast = false,
): Promise<ApplyCounts> {
  if (keys.length === 0) throw new HttpError(400, "Seleccione al menos una diferencia para aplicar.");
  const now = services.now();
  const today = now.toISOString().slice(0, 10);
  const requestType = read.source.charAt(0).toUpperCase() + read.source.slice(1);
  const texts = read.input.content.split(/\r\n|\n|\r/);
  const lineText = (slot: ListSlot) => (texts[slot.line - 1] ?? "").trim();
  const history = (slotId: number, actual: string | null, request: string | null, response: string): SlotHistoryRow => ({
    slotId,
    changedAt: now,
    reference: null,
    part: null,
    requestType,
    actualLine: actual,
    requestLine: request,
    response,
  });

  return services.db.transaction(async (tx) => {
    // Two applies of one season wait for each other (the second then compares what the first left).
    await lockSeasonByName(tx, read.season.name, read.season.airport);
    const { differences } = await compareWithRegister(tx, read, airline, true);
    const all = chosen(differences, keys);
    // The past dates of each difference stay as they were unless asked for.
    const isPast = (entry: PlannedDifference["entries"][number]) => (entry.here?.date ?? entry.there?.date ?? today) < today;
    let pastLeft = 0;
    const picked = includePast
      ? all
      : all.flatMap((difference) => {
          const entries = difference.entries.filter((entry) => !isPast(entry));
          pastLeft += difference.entries.length - entries.length;
          return entries.length === 0 ? [] : [{ ...difference, entries }];
        });
    if (picked.length === 0) {
      const last = all.flatMap((difference) => difference.entries.map((entry) => entry.here?.date ?? entry.there?.date ?? "")).sort().pop() ?? today;
      throw new HttpError(
        400,
        `Todas las fechas de las diferencias elegidas ya pasaron (${pastLeft === 1 ? "1 fecha" : `${pastLeft} fechas`}, la última el ${formatDate(last)}): no se aplicó nada. Para corregirlas, elija aplicar también las fechas pasadas; cambian las semanas que Monitoreo ya reportó.`,
      );
    }

    const cancelled = new Map<number, RegisterSlot>();
    const changes = new Map<number, { before: RegisterSlot; change: SlotChange; there: ListSlot }>();
    const created: NewSlot[] = [];
    let serie = await highestSerie(tx, read.season.airport, read.season.name);
    const dates = new Set<string>();
    for (const difference of picked) {
      const newSerie = difference.kind === "only_there" ? ++serie : difference.serie;
      for (const { here, there } of difference.entries) {
        if (here && !there) {
          cancelled.set(here.id, here);
          dates.add(here.date);
        } else if (there && !here) {
          // A series only in the list is a new one; dates only in the list join the register's series.
          created.push({ slot: there, serie: newSerie ?? ++serie, status: there.historic ? "D" : "K" });
          dates.add(there.date);
        } else if (here && there) {
          const entry = changes.get(here.id) ?? {
            before: here,
            change: { id: here.id, time: here.time, aircraftType: here.aircraftType, seats: here.seats, serviceType: here.serviceType },
            there,
          };
          FIELD_OF[difference.kind]?.(entry.change, there);
          changes.set(here.id, entry);
          dates.add(here.date);
        }
      }
    }

    await cancelSlots(tx, [...cancelled.keys()], now);
    await changeSlots(tx, [...changes.values()].map((entry) => entry.change), now);
    const ids = await createSlots(tx, read.season.name, created, read.season.airport);
    const rows: SlotHistoryRow[] = [
      ...[...cancelled.values()].map((slot) => history(slot.id, held(slot), null, "X")),
      ...[...changes.values()].map(({ before, there }) => history(before.id, held(before), lineText(there), "K")),
      ...created.flatMap(({ slot }, index) => {
        const id = ids[index];
        return id === undefined ? [] : [history(id, null, lineText(slot), "K")];
      }),
    ];
    await writeHistory(tx, rows);
    await rematch(tx, dates);
    await recordAudit(tx, user, now, {
      action: "season.coordinator_list",
      targetType: "season",
      targetId: read.season.id,
      targetLabel: `${read.season.name} ${read.source}`,
      details: { season: read.season.name, file: read.input.fileName, differences: picked.length, lines: rows.length },
    });
    return { applied: picked.length, created: created.length, changed: changes.size, cancelled: cancelled.size, dates: dates.size, pastLeft };
  });
}
