/**
 * The browser storage keys of the date range, apart from its logic: signing out clears them, and the
 * sign-in page must not load the range's code for that.
 */

/**
 * localStorage key of the selected range: a JSON array of two dates `["yyyy-MM-dd","yyyy-MM-dd"]`,
 * days of the zone stored under `time_zone` (DESIGN.md §6).
 */
export const RANGE_STORAGE_KEY = "range";
/** localStorage key of the selected preset (a RangePreset string). */
export const PRESET_STORAGE_KEY = "range_preset";
/** localStorage key of the LOCAL/UTC toggle (`local` or `utc`): the zone the range's days and every time are read in. */
export const ZONE_STORAGE_KEY = "time_zone";
