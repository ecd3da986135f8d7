/**
 * Histórico's colours, one palette for the cards, the weekly table and the workbook, so the
 * file reads like the screen. Hex without '#', as Excel takes them; the UI adds the '#'.
 */
import type { CellStatus, RatingLevel } from "./index";

/** Card colour per rating level: green at 100, amber at or above the threshold, red below. */
export const LEVEL_COLORS: Readonly<Record<RatingLevel, { fill: string; text: string }>> = {
  ok: { fill: "C8E6C9", text: "1B5E20" },
  warn: { fill: "FFE0B2", text: "8A4B00" },
  alert: { fill: "FFCDD2", text: "B71C1C" },
};

/** Weekly cell colour per status (none for an empty cell). */
export const CELL_COLORS: Readonly<Record<NonNullable<CellStatus>, { fill: string; text: string }>> = {
  chargeable: { fill: "FFCDD2", text: "B71C1C" },
  new: { fill: "BBDEFB", text: "0D47A1" },
  cancellation: { fill: "E0E0E0", text: "424242" },
  justified: { fill: "B2DFDB", text: "004D40" },
};

/** The cell labels (seed 002 §4), for the workbook; the UI reads the same words from its catalog. */
export const CELL_LABELS: Readonly<Record<NonNullable<CellStatus>, string>> = {
  chargeable: "Imputable",
  new: "Alta",
  cancellation: "Cancelado",
  justified: "Justificado",
};
