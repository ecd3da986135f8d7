/**
 * The 'Visualizar' filter (seed 001 §2.4): checkbox groups for slot status, differences, flight
 * status and general status, kept in the browser under `filters` as `{ difference, status }`,
 * and their translation into the contract's `filter_difference` / `filter_status`.
 */
import type { components } from "../../generated/openapi";
import {
  DIFFERENCE_CLASSES,
  type DifferenceClass,
  FLIGHT_STATUSES,
  type FlightStatus,
  GENERAL_STATUSES,
  type GeneralStatus,
  SLOT_STATUSES,
  type SlotStatus,
} from "../matching/types";

type TurnoverFilters = components["schemas"]["TurnoverFilters"];

/** localStorage key of the filter (seed 001 §2.4, seed 000 §3). */
export const FILTERS_STORAGE_KEY = "filters";

/** The stored filter: the checked values of each group. */
export type VisibilityFilters = {
  difference: DifferenceClass[];
  status: {
    slot_status: SlotStatus[];
    flight_status: FlightStatus[];
    general_status: GeneralStatus[];
  };
};

/** Every box checked: nothing filtered out (the default). */
export const allVisible = (): VisibilityFilters => ({
  difference: [...DIFFERENCE_CLASSES],
  status: {
    slot_status: [...SLOT_STATUSES],
    flight_status: [...FLIGHT_STATUSES],
    general_status: [...GENERAL_STATUSES],
  },
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The known values of a stored list, in the catalogue's order; null when the list is missing or malformed. */
function pick<T extends string>(catalogue: readonly T[], value: unknown): T[] | null {
  if (!Array.isArray(value)) return null;
  const present = new Set(value.filter((item): item is string => typeof item === "string"));
  return catalogue.filter((item) => present.has(item));
}

/**
 * Reads the stored text. Anything missing or malformed falls back to "every box checked" for that
 * group; unknown values are dropped; a group left with no value at all shows everything again.
 */
export function parseStoredFilters(raw: string | null): VisibilityFilters {
  const fallback = allVisible();
  if (raw === null) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return fallback;
  }
  if (!isRecord(value)) return fallback;
  const status = isRecord(value.status) ? value.status : {};
  const nonEmpty = <T extends string>(list: T[] | null, all: T[]): T[] => (list && list.length > 0 ? list : all);
  return {
    difference: nonEmpty(pick(DIFFERENCE_CLASSES, value.difference), fallback.difference),
    status: {
      slot_status: nonEmpty(pick(SLOT_STATUSES, status.slot_status), fallback.status.slot_status),
      flight_status: nonEmpty(pick(FLIGHT_STATUSES, status.flight_status), fallback.status.flight_status),
      general_status: nonEmpty(pick(GENERAL_STATUSES, status.general_status), fallback.status.general_status),
    },
  };
}

export const serializeFilters = (filters: VisibilityFilters): string => JSON.stringify(filters);

/** True when every box of every group is checked. */
export function isEverythingVisible(filters: VisibilityFilters): boolean {
  return (
    filters.difference.length === DIFFERENCE_CLASSES.length &&
    filters.status.slot_status.length === SLOT_STATUSES.length &&
    filters.status.flight_status.length === FLIGHT_STATUSES.length &&
    filters.status.general_status.length === GENERAL_STATUSES.length
  );
}

/** True when some group has no box checked (nothing could be shown: 'Aplicar' waits). */
export function hasEmptyGroup(filters: VisibilityFilters): boolean {
  return (
    filters.difference.length === 0 ||
    filters.status.slot_status.length === 0 ||
    filters.status.flight_status.length === 0 ||
    filters.status.general_status.length === 0
  );
}

/**
 * The contract's status filter. A group with every box checked is left out ("any"): a row with
 * no slot has no slot status, and listing every status would hide it.
 */
export function toStatusFilter(filters: VisibilityFilters): TurnoverFilters {
  const result: TurnoverFilters = {};
  if (filters.status.slot_status.length < SLOT_STATUSES.length) result.slot_status = [...filters.status.slot_status];
  if (filters.status.flight_status.length < FLIGHT_STATUSES.length)
    result.flight_status = [...filters.status.flight_status];
  if (filters.status.general_status.length < GENERAL_STATUSES.length)
    result.general_status = [...filters.status.general_status];
  return result;
}

/** `filter_difference` and `filter_status` of a getTurnover range request (absent when not filtering). */
export function toTurnoverRequestFilters(
  filters: VisibilityFilters,
): { filter_difference?: DifferenceClass[]; filter_status?: TurnoverFilters } {
  const result: { filter_difference?: DifferenceClass[]; filter_status?: TurnoverFilters } = {};
  if (filters.difference.length < DIFFERENCE_CLASSES.length) result.filter_difference = [...filters.difference];
  const status = toStatusFilter(filters);
  if (Object.keys(status).length > 0) result.filter_status = status;
  return result;
}

/** The `filters` of a downloadTurnover request: the same selection, differences included. */
export function toDownloadFilters(filters: VisibilityFilters): TurnoverFilters {
  const status = toStatusFilter(filters);
  if (filters.difference.length < DIFFERENCE_CLASSES.length) status.difference = [...filters.difference];
  return status;
}
