/**
 * Turnover rows for the component tests, complete as the contract's TurnoverRow demands: a VB
 * arrival from MTY paired with its slot on 2026-11-10, on slot, flown 10 minutes late, no delays.
 * Each test file overrides what it is about.
 */
import type { components } from "../../src/generated/openapi";

export type TurnoverRow = components["schemas"]["TurnoverRow"];

export const TURNOVER_DAY = "2026-11-10";
const DAY = TURNOVER_DAY;

export const NO_CODES: TurnoverRow["codes"] = {
  first_code: null,
  first_time: null,
  first_cause: null,
  second_code: null,
  second_time: null,
  second_cause: null,
  third_code: null,
  third_time: null,
  third_cause: null,
  fourth_code: null,
  fourth_time: null,
  fourth_cause: null,
};

export const turnoverRow = (overrides: Partial<TurnoverRow> & Pick<TurnoverRow, "id">): TurnoverRow => ({
  season: "W26",
  slot_id: overrides.id + 1000,
  flight_id: overrides.id + 2000,
  is_arrival: true,
  date: DAY,
  flight_status: "D",
  slot_status: "D",
  general_status: "DIFF",
  flight_name: `VB${overrides.id}`,
  flight_route: "MTY-MEX",
  flight_date: DAY,
  flight_scheduled: `${DAY}T03:30:00.000Z`,
  flight_estimated: `${DAY}T03:35:00.000Z`,
  flight_real: `${DAY}T03:40:00.000Z`,
  flight_register: "XA-VBA",
  flight_type: "J",
  flight_aircraft: { type: "320", capacity: 180 },
  flight_actual_datetime_dep: `${DAY}T02:00:00.000Z`,
  flight_actual_datetime_arr: `${DAY}T03:40:00.000Z`,
  flight_scheduled_datetime_dep: `${DAY}T01:55:00.000Z`,
  flight_scheduled_datetime_arr: `${DAY}T03:30:00.000Z`,
  flight_cancellation: null,
  slot_name: `VB${overrides.id}`,
  slot_route: "MTY",
  slot_date: DAY,
  slot_time: "03:30",
  slot_type: "J",
  slot_frequency: 2,
  slot_serie: 7,
  slot_aircraft: { type: "320", capacity: 180 },
  scheduled_difference: 0,
  real_difference: 10,
  scheduled_class: "no_diff",
  real_class: "mid_diff",
  has_codes: false,
  codes: NO_CODES,
  observations: "",
  is_manual: false,
  ...overrides,
});

/** A flight without a slot: every slot_* field empty, no differences, general status X. */
export const NO_SLOT = {
  slot_id: null,
  slot_status: null,
  general_status: "X",
  slot_name: null,
  slot_route: null,
  slot_date: null,
  slot_time: null,
  slot_type: null,
  slot_frequency: null,
  slot_serie: null,
  slot_aircraft: null,
  scheduled_difference: null,
  real_difference: null,
  scheduled_class: "null_diff",
  real_class: "null_diff",
} satisfies Partial<TurnoverRow>;
