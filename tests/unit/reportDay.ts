/**
 * A crafted day for the report tests (Tuesday 2026-11-10 at MEX), as the turnover's rows: each
 * row complete as the contract's TurnoverRow. Mexico City is UTC−6, so a movement at 02:30 UTC
 * on the 11th is 20:30 on the 10th in LOCAL.
 */
import type { components } from "../../src/generated/openapi";

export type TurnoverRow = components["schemas"]["TurnoverRow"];

export const DAY = "2026-11-10";

const NO_CODES: TurnoverRow["codes"] = {
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

const iso = (date: string, time: string) => `${date}T${time}:00.000Z`;
const plus = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();

type Spec = {
  id: number;
  arrival?: boolean;
  flight?: string | null;
  station?: string;
  /** Slot UTC date and time, or null for a flight without slot. */
  slot?: [string, string] | null;
  /** Minutes of the scheduled and the real movement off the slot (or off 12:00 without slot). */
  scheduled?: number;
  real?: number | null;
  register?: string | null;
  status?: TurnoverRow["flight_status"];
  slotStatus?: TurnoverRow["slot_status"];
  general?: TurnoverRow["general_status"];
  codes?: Array<[code: string, minutes: number, cause?: string]>;
  /** A leftover slot: no flight. */
  leftover?: boolean;
};

/** A turnover row from a few facts. */
export function row(spec: Spec): TurnoverRow {
  const arrival = spec.arrival ?? true;
  const station = spec.station ?? "MTY";
  const slot = spec.slot === undefined ? ([DAY, "12:00"] as [string, string]) : spec.slot;
  const base = slot ? iso(slot[0], slot[1]) : iso(DAY, "12:00");
  const scheduled = plus(base, spec.scheduled ?? 0);
  const real = spec.real === null ? null : plus(base, spec.real ?? spec.scheduled ?? 0);
  const flight = spec.leftover ? null : (spec.flight ?? `VB${spec.id}`);
  const codes = { ...NO_CODES };
  const names = ["first", "second", "third", "fourth"] as const;
  (spec.codes ?? []).forEach(([code, minutes, cause], i) => {
    const name = names[i];
    if (!name) return;
    codes[`${name}_code`] = code;
    codes[`${name}_time`] = minutes;
    codes[`${name}_cause`] = cause ?? null;
  });
  const realDifference = slot && real ? Math.round((Date.parse(real) - Date.parse(base)) / 60_000) : null;
  return {
    id: spec.id,
    season: "W26",
    slot_id: slot ? spec.id + 1000 : null,
    flight_id: spec.leftover ? null : spec.id + 2000,
    is_arrival: arrival,
    date: (slot?.[0] ?? scheduled.slice(0, 10)),
    flight_status: spec.leftover ? null : (spec.status ?? "D"),
    slot_status: slot ? (spec.slotStatus ?? "D") : null,
    general_status: spec.general ?? (spec.leftover ? "A" : slot ? "DIFF" : "X"),
    flight_name: flight,
    flight_route: spec.leftover ? null : arrival ? `${station}-MEX` : `MEX-${station}`,
    flight_date: spec.leftover ? null : DAY,
    flight_scheduled: spec.leftover ? null : scheduled,
    flight_estimated: spec.leftover ? null : plus(scheduled, 3),
    flight_real: spec.leftover ? null : real,
    flight_register: spec.leftover ? null : spec.register === undefined ? "XA-VBA" : spec.register,
    flight_type: spec.leftover ? null : "J",
    flight_aircraft: spec.leftover ? null : { type: "320", capacity: 180 },
    flight_actual_datetime_dep: spec.leftover || !real ? null : arrival ? plus(real, -90) : real,
    flight_actual_datetime_arr: spec.leftover || !real ? null : arrival ? real : plus(real, 90),
    flight_scheduled_datetime_dep: spec.leftover ? null : arrival ? plus(scheduled, -90) : scheduled,
    flight_scheduled_datetime_arr: spec.leftover ? null : arrival ? scheduled : plus(scheduled, 90),
    flight_cancellation: spec.status === "C" ? { description: "Cancelado", timestamp: null } : null,
    slot_name: slot ? `VB${spec.id}` : null,
    slot_route: slot ? station : null,
    slot_date: slot?.[0] ?? null,
    slot_time: slot?.[1] ?? null,
    slot_type: slot ? "J" : null,
    slot_frequency: slot ? 2 : null,
    slot_serie: slot ? 1 : null,
    slot_aircraft: slot ? { type: "320", capacity: 186 } : null,
    scheduled_difference: slot && !spec.leftover ? (spec.scheduled ?? 0) : null,
    real_difference: realDifference,
    scheduled_class: "no_diff",
    real_class: "no_diff",
    has_codes: (spec.codes ?? []).length > 0,
    codes,
    observations: "",
    is_manual: false,
  };
}

export const ZULU = { zone: "UTC" } as const;
export const LOCAL = { zone: "America/Mexico_City" } as const;
