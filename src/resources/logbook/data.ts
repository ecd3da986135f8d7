/**
 * The `logbook` resource (seed 002 §3, §7): a season's requests, one row per reference, and
 * `logbookParts`, one part with its lines and message text; both read through the contract's
 * data provider (`x-resource` on listLogbook and getLogbookPart).
 */
import type { components } from "../../generated/openapi";

export type LogbookRow = components["schemas"]["LogbookRow"];
export type LogbookPart = components["schemas"]["LogbookPart"];
type LogbookType = components["schemas"]["LogbookType"];

/** Catalog key of each request type's name (seed 002 §3: 1 season start, 2 Alta, 3 Cancelación, 4 Modificación). */
export const LOGBOOK_TYPE_KEYS: Record<LogbookType, string> = {
  1: "slotdesk.logbook.types.season_start",
  2: "slotdesk.logbook.types.new",
  3: "slotdesk.logbook.types.cancel",
  4: "slotdesk.logbook.types.modify",
};
