/** Catalog keys of Histórico's words that depend on a value (written out: the i18n check reads literals). */
import type { CellStatus, RatingLevel } from "../../domain/history";
import "./texts";

export const WEEKDAY_KEYS: Readonly<Record<number, string>> = {
  1: "slotdesk.history.weekdays.d1",
  2: "slotdesk.history.weekdays.d2",
  3: "slotdesk.history.weekdays.d3",
  4: "slotdesk.history.weekdays.d4",
  5: "slotdesk.history.weekdays.d5",
  6: "slotdesk.history.weekdays.d6",
  7: "slotdesk.history.weekdays.d7",
};

export const LEVEL_KEYS: Readonly<Record<RatingLevel, string>> = {
  ok: "slotdesk.history.levels.ok",
  warn: "slotdesk.history.levels.warn",
  alert: "slotdesk.history.levels.alert",
};

export const CELL_KEYS: Readonly<Record<NonNullable<CellStatus>, string>> = {
  chargeable: "slotdesk.history.cells.chargeable",
  new: "slotdesk.history.cells.new",
  cancellation: "slotdesk.history.cells.cancellation",
  justified: "slotdesk.history.cells.justified",
};

/** `1357` → `Lu Mi Vi Do`. */
export const weekdayLabels = (frequency: string, translate: (key: string) => string): string =>
  [...frequency].map((day) => translate(WEEKDAY_KEYS[Number(day)] ?? "")).join(" ");
