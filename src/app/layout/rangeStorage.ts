import { useMemo, useSyncExternalStore } from "react";
import { type DateRange, isRangePreset, isValidRange, type RangePreset, rangeForPreset } from "../../domain/dateRange";

/** localStorage key of the selected range: a JSON array of two dates `["yyyy-MM-dd","yyyy-MM-dd"]`. */
export const RANGE_STORAGE_KEY = "range";
/** localStorage key of the selected preset (a RangePreset string). */
export const PRESET_STORAGE_KEY = "range_preset";
/** Window event dispatched after every change, with the new DateRange as `detail`. */
export const RANGE_EVENT = "slotdesk:range";

function getItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function setItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable or full: the event still tells the views about the change.
  }
}

/** Parses the stored JSON text of the range; null when it is missing or not two valid ordered dates. */
export function parseStoredRange(raw: string | null): DateRange | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const range = { start: value[0], end: value[1] };
  return isValidRange(range) ? range : null;
}

/** The stored range, or null when nothing valid is stored. */
export function readStoredRange(): DateRange | null {
  return parseStoredRange(getItem(RANGE_STORAGE_KEY));
}

/** The stored preset, or null when nothing valid is stored. */
export function readStoredPreset(): RangePreset | null {
  const raw = getItem(PRESET_STORAGE_KEY);
  return isRangePreset(raw) ? raw : null;
}

/** Stores the range and its preset, then tells the views through the `slotdesk:range` window event. */
export function writeStoredRange(range: DateRange, preset: RangePreset): void {
  if (!isValidRange(range)) throw new RangeError(`Invalid date range: ${JSON.stringify(range)}`);
  setItem(RANGE_STORAGE_KEY, JSON.stringify([range.start, range.end]));
  setItem(PRESET_STORAGE_KEY, preset);
  window.dispatchEvent(new CustomEvent<DateRange>(RANGE_EVENT, { detail: range }));
}

/** Subscribes to range changes made in this tab (custom event) or in another tab (storage event). */
export function subscribeToStoredRange(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RANGE_STORAGE_KEY || event.key === PRESET_STORAGE_KEY) onChange();
  };
  window.addEventListener(RANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(RANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function rawRangeSnapshot(): string | null {
  return getItem(RANGE_STORAGE_KEY);
}

function rawPresetSnapshot(): string | null {
  return getItem(PRESET_STORAGE_KEY);
}

function serverSnapshot(): null {
  return null;
}

/** The raw stored texts, kept in sync with storage; for the bar, which also needs the preset. */
export function useStoredRangeState(): { range: DateRange | null; preset: RangePreset | null } {
  const rawRange = useSyncExternalStore(subscribeToStoredRange, rawRangeSnapshot, serverSnapshot);
  const rawPreset = useSyncExternalStore(subscribeToStoredRange, rawPresetSnapshot, serverSnapshot);
  return useMemo(
    () => ({ range: parseStoredRange(rawRange), preset: isRangePreset(rawPreset) ? rawPreset : null }),
    [rawRange, rawPreset],
  );
}

/**
 * The selected date range, updated whenever the bar (or another tab) changes it. Until a range is
 * stored, today's range in Mexico City.
 */
export function useStoredRange(): DateRange {
  const { range } = useStoredRangeState();
  return useMemo(() => range ?? rangeForPreset("today", new Date()), [range]);
}
