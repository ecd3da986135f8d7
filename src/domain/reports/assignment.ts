/**
 * Asignación de slots (server name slot_assignment; also the FIDS csv): which slot each flight
 * used. **Rows**: every flight of the range that was not cancelled (with or without slot; a
 * leftover slot has no flight and is left out), arranged as the aircraft's turns at MEX: an
 * arrival and the next departure of the same registration share a row; a movement without a
 * partner (or without registration) has a row of its own. **Times**: STA/STD and the slot in the
 * chosen zone; ±15 / >15 compare the real time (else the scheduled one) with the slot.
 */
import {
  byInstant,
  isCancelled,
  JUSTIFICATION_MINUTES,
  offMinutes,
  otherStation,
  type ReportAssignmentRow,
  type ReportContext,
  type ReportStatusNew,
  rowDay,
  rowMs,
  slotTimeIn,
  timeIn,
  type TurnoverRow,
} from "./common";

/** The rows this report starts from: flights that were not cancelled. */
export const selectsAssignment = (row: TurnoverRow): boolean => row.flight_id !== null && !isCancelled(row);

type Side = {
  date: string | null;
  flight: string | null;
  station: string | null;
  time: string | null;
  slot: string | null;
  within_15: boolean | null;
  over_15: boolean | null;
  capacity: number | null;
  type: string | null;
  equipment: string | null;
};

const EMPTY: Side = {
  date: null,
  flight: null,
  station: null,
  time: null,
  slot: null,
  within_15: null,
  over_15: null,
  capacity: null,
  type: null,
  equipment: null,
};

function sideOf(row: TurnoverRow | undefined, context: ReportContext): Side {
  if (!row) return EMPTY;
  const off = row.slot_id === null ? null : offMinutes(row);
  return {
    date: rowDay(row, context.zone),
    flight: row.flight_name ?? row.slot_name,
    station: otherStation(row),
    time: timeIn(row.flight_scheduled, context.zone),
    slot: slotTimeIn(row, context.zone),
    within_15: off === null ? null : Math.abs(off) <= JUSTIFICATION_MINUTES,
    over_15: off === null ? null : Math.abs(off) > JUSTIFICATION_MINUTES,
    capacity: row.slot_aircraft?.capacity ?? row.flight_aircraft?.capacity ?? null,
    type: row.flight_type ?? row.slot_type,
    equipment: row.flight_aircraft?.type ?? row.slot_aircraft?.type ?? null,
  };
}

/** One row from an arrival and/or a departure. */
export function assignmentRow(
  arrival: TurnoverRow | undefined,
  departure: TurnoverRow | undefined,
  context: ReportContext,
  statusNew: ReportStatusNew = null,
): ReportAssignmentRow {
  const a = sideOf(arrival, context);
  const d = sideOf(departure, context);
  return {
    arrival_id: arrival?.id ?? null,
    departure_id: departure?.id ?? null,
    status: arrival?.general_status ?? departure?.general_status ?? null,
    status_new: statusNew,
    register: arrival?.flight_register ?? departure?.flight_register ?? null,
    arr_date: a.date,
    arr_flight: a.flight,
    arr_origin: a.station,
    arr_sta: a.time,
    arr_slot: a.slot,
    arr_within_15: a.within_15,
    arr_over_15: a.over_15,
    arr_capacity: a.capacity,
    arr_type: a.type,
    arr_equipment: a.equipment,
    dep_date: d.date,
    dep_flight: d.flight,
    dep_destination: d.station,
    dep_std: d.time,
    dep_slot: d.slot,
    dep_within_15: d.within_15,
    dep_over_15: d.over_15,
    dep_capacity: d.capacity,
    dep_type: d.type,
    dep_equipment: d.equipment,
  };
}

/**
 * The turns: per registration, in time order, an arrival takes the departure right after it
 * (of the same aircraft); everything else stands alone. Rows in the order of their first movement.
 */
export function assignmentReport(rows: readonly TurnoverRow[], context: ReportContext): ReportAssignmentRow[] {
  const sorted = rows.filter(selectsAssignment).sort(byInstant);
  const byRegister = new Map<string, TurnoverRow[]>();
  const turns: { at: number; id: number; arrival?: TurnoverRow; departure?: TurnoverRow }[] = [];
  for (const row of sorted) {
    if (!row.flight_register) {
      turns.push({ at: rowMs(row), id: row.id, ...(row.is_arrival ? { arrival: row } : { departure: row }) });
      continue;
    }
    const list = byRegister.get(row.flight_register);
    if (list) list.push(row);
    else byRegister.set(row.flight_register, [row]);
  }
  for (const list of byRegister.values()) {
    for (let i = 0; i < list.length; i++) {
      const row = list[i];
      if (!row) continue;
      const next = list[i + 1];
      if (row.is_arrival && next && !next.is_arrival) {
        turns.push({ at: rowMs(row), id: row.id, arrival: row, departure: next });
        i++;
      } else {
        turns.push({ at: rowMs(row), id: row.id, ...(row.is_arrival ? { arrival: row } : { departure: row }) });
      }
    }
  }
  turns.sort((a, b) => a.at - b.at || a.id - b.id);
  return turns.map((turn) => assignmentRow(turn.arrival, turn.departure, context));
}
