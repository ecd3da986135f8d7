/**
 * The deadline to answer a coordinator's offers (SSIM Chapter 6: `O` lines are answered with A, P
 * or Z within three business days; shared/domain/SCR.md). Pure.
 */
import { addDays, isoWeekday, parseDate } from "../seasons";
import { MONTH_NAMES } from "./tokens";

/** Business days the airline has to answer an offer, unless the reply says otherwise. */
export const OFFER_ANSWER_BUSINESS_DAYS = 3;

/** `replyDate` plus `days` business days (Monday to Friday). */
export function addBusinessDays(date: string, days: number): string {
  let current = date;
  let left = days;
  while (left > 0) {
    current = addDays(current, 1);
    if (isoWeekday(current) <= 5) left -= 1;
  }
  return current;
}

/**
 * A deadline the reply's SI gives: `REPLY BY 05DEC`, `ANSWER BEFORE 05DEC`, `DEADLINE 05DEC`,
 * `RESPONDER ANTES DEL 05DEC`, `HASTA 05DEC`; or `WITHIN 5 DAYS` / `5 WORKING DAYS` (business days).
 */
const DATE_DEADLINE = /\b(?:BY|BEFORE|DEADLINE|UNTIL|ANTES\s+DEL?|HASTA(?:\s+EL)?|LIMITE)\s*:?\s*(\d{2})([A-Z]{3})\b/;
const DAYS_DEADLINE = /\b(?:WITHIN|EN)\s+(\d{1,2})\s+(?:WORKING\s+|BUSINESS\s+)?(?:DAYS|DIAS|DÍAS)\b/;

/**
 * The date (`yyyy-MM-dd`) by which offers in a reply dated `replyDate` must be answered: three
 * business days after it, unless the reply's SI text names another deadline (a `DDMMM` date after
 * BY/BEFORE/DEADLINE/ANTES DEL/HASTA, taken as the first such date on or after the reply, or
 * `WITHIN n DAYS`, n business days).
 */
export function offerDeadline(replyDate: string, siText: string): string {
  const si = siText.toUpperCase();
  const reply = parseDate(replyDate);
  const byDate = DATE_DEADLINE.exec(si);
  if (reply && byDate) {
    const day = Number(byDate[1]);
    const month = MONTH_NAMES.indexOf(byDate[2] ?? "") + 1;
    if (month > 0) {
      for (const year of [reply.year, reply.year + 1]) {
        const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        if (parseDate(iso) && iso >= replyDate) return iso;
      }
    }
  }
  const within = DAYS_DEADLINE.exec(si);
  if (within) {
    const days = Number(within[1]);
    if (days > 0) return addBusinessDays(replyDate, days);
  }
  return addBusinessDays(replyDate, OFFER_ANSWER_BUSINESS_DAYS);
}
