/**
 * What a series' early-warning flag says, in words (Histórico's cards, Monitoreo's panels): kept
 * apart from the picture (./Punctuality.tsx) so the cards load without the charting library.
 */
import type { TranslateFunction } from "react-admin";
import type { components } from "../../generated/openapi";
import "./texts";

type Punctuality = components["schemas"]["HistoryPunctuality"];

export const signed = (minutes: number) => `${minutes > 0 ? "+" : ""}${minutes.toLocaleString("es-MX")}`;

/** What the flag says, one sentence per reason, and the proposed retime. */
export function punctualityLines(translate: TranslateFunction, p: Punctuality): string[] {
  if (!p.flagged) return [];
  const lines: string[] = [];
  if (p.verdict === "late" && p.mean !== null) lines.push(translate("slotdesk.history.punctuality.late", { minutes: p.mean.toLocaleString("es-MX") }));
  if (p.verdict === "early" && p.mean !== null) lines.push(translate("slotdesk.history.punctuality.early", { minutes: signed(p.mean) }));
  if (p.repeated) lines.push(translate("slotdesk.history.punctuality.repeated", { tolerance: p.tolerance, smart_count: p.off_tolerance }));
  if (p.proposal) lines.push(translate("slotdesk.history.punctuality.proposal", { time: p.proposal.time, shift: signed(p.proposal.shift) }));
  return lines;
}

