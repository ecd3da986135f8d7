/**
 * The movement rows that Demoras Tovar and the three lists of Fin de mes share (seed 001 §2.7:
 * date, airline, flight, equipment, airport, assigned time, real time, difference, delay code,
 * service, status, schedule type, historic date-time and flight number). The assigned time is the
 * slot's and the real time the flight's at MEX, both in the chosen zone; the difference is real −
 * slot (minutes); the delay code the first one (the team's, else AIMS's); "historic" is the slot as
 * allocated (its UTC date and time, its flight number), which may differ from the flight flown.
 */
import {
  delaysOf,
  direction,
  movementColumns,
  offMinutes,
  otherStation,
  type ReportContext,
  type ReportOperationRow,
  type ReportStatusNew,
  slotIso,
  slotTimeIn,
  timeIn,
  type TurnoverRow,
} from "./common";

export function operationRow(row: TurnoverRow, context: ReportContext, statusNew: ReportStatusNew = null): ReportOperationRow {
  return {
    ...movementColumns(row, context, statusNew),
    airport: otherStation(row),
    assigned_time: slotTimeIn(row, context.zone),
    real_time: timeIn(row.flight_real, context.zone),
    difference: offMinutes(row),
    delay_code: delaysOf(row)[0]?.code ?? null,
    service: row.flight_type ?? row.slot_type ?? "J",
    status: row.general_status,
    schedule_type: direction(row),
    historic_datetime: slotIso(row),
    historic_flight_number: row.slot_name,
    first_departure: row.is_arrival ? null : timeIn(row.flight_estimated, context.zone),
    real_departure: row.is_arrival ? null : timeIn(row.flight_actual_datetime_dep, context.zone),
  };
}
