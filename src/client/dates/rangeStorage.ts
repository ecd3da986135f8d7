import { useMemo, useSyncExternalStore } from "react";
import { type DateRange, isRangePreset, isValidRange, type RangePreset, rangeForPreset } from "../../domain/dateRange";
import { type IanaZone, LOCAL_ZONE, type TimeZoneMode, zoneAt, zoneOf } from "../../domain/zones";

import { PRESET_STORAGE_KEY, RANGE_STORAGE_KEY, ZONE_STORAGE_KEY } from "./storageKeys";

export { PRESET_STORAGE_KEY, RANGE_STORAGE_KEY, ZONE_STORAGE_KEY };
/** Window event dispatched after every change, with the new DateRange as `detail`. */
export const RANGE_EVENT = "slotdesk:range";
/** Window event dispatched after the zone changes, with the new TimeZoneMode as `detail`. */
export const ZONE_EVENT = "slotdesk:time_zone";

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

/** The stored LOCAL/UTC toggle; LOCAL (Mexico City) until the user chooses. */
export function readStoredZone(): TimeZoneMode {
  return parseStoredZone(getItem(ZONE_STORAGE_KEY));
}

function parseStoredZone(raw: string | null): TimeZoneMode {
  return raw === "utc" ? "utc" : "local";
}

/**
 * Stores the LOCAL/UTC toggle. A range chosen by a preset follows the zone ('Hoy' is the day of
 * the zone the user is looking in); a custom range keeps its days, now read in the new zone.
 */
export function writeStoredZone(mode: TimeZoneMode, now: Date = new Date(), airportZone: IanaZone = LOCAL_ZONE): void {
  setItem(ZONE_STORAGE_KEY, mode);
  window.dispatchEvent(new CustomEvent<TimeZoneMode>(ZONE_EVENT, { detail: mode }));
  const preset = readStoredPreset();
  if (readStoredRange() !== null && preset !== null && preset !== "custom") {
    // Issue 37: LOCAL's days are the chosen airport's ('Hoy' at JFK is New York's today).
    writeStoredRange(rangeForPreset(preset, now, zoneAt(mode, airportZone)), preset);
  }
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
    if (
      event.key === null ||
      event.key === RANGE_STORAGE_KEY ||
      event.key === PRESET_STORAGE_KEY ||
      event.key === ZONE_STORAGE_KEY
    ) {
      onChange();
    }
  };
  window.addEventListener(RANGE_EVENT, onChange);
  window.addEventListener(ZONE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(RANGE_EVENT, onChange);
    window.removeEventListener(ZONE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function rawRangeSnapshot(): string | null {
  return getItem(RANGE_STORAGE_KEY);
}

function rawPresetSnapshot(): string | null {
  return getItem(PRESET_STORAGE_KEY);
}

function rawZoneSnapshot(): string | null {
  return getItem(ZONE_STORAGE_KEY);
}

function serverSnapshot(): null {
  return null;
}

/** The LOCAL/UTC toggle, kept in sync with storage (this tab and others). */
export function useStoredZone(): TimeZoneMode {
  return parseStoredZone(useSyncExternalStore(subscribeToStoredRange, rawZoneSnapshot, serverSnapshot));
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
 * The selected date range, updated whenever the bar (or another tab) changes it; its days are days
 * of `useStoredZone()`. Until a range is stored, today's range in that zone.
 */
export function useStoredRange(): DateRange {
  const { range } = useStoredRangeState();
  const zone = useStoredZone();
  return useMemo(() => rangeOrToday(range, zone), [range, zone]);
}

/** The range a view reads: the stored one, else today's in the zone. */
const rangeOrToday = (range: DateRange | null, zone: TimeZoneMode): DateRange =>
  range ?? rangeForPreset("today", new Date(), zoneOf(zone));

/** `useStoredRange()` and `useStoredZone()` read once, outside React (a view's early read). */
export function readStoredRangeAndZone(): { range: DateRange; zone: TimeZoneMode } {
  const zone = readStoredZone();
  return { range: rangeOrToday(readStoredRange(), zone), zone };
}
