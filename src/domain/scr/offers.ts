/**
 * The coordinator's offers (SSIM Chapter 6, action `O`) and the airline's answer to them: accept
 * (`A`), accept and keep the original request pending (`P`) or decline (`Z`), within three working
 * days of the reply unless the reply names another day. Pure: the reply application computes the
 * deadline with `offersDeadline`; the logbook builds the answer lines with `offerAnswerLines`.
 */
import { addDays, isoWeekday } from "../seasons";
import { buildScrLine } from "./build";
import { resolveScrDate } from "./dates";
import { parseScr } from "./parse";
import { isDdmmm } from "./tokens";

export type OfferAnswer = "A" | "P" | "Z";
export const OFFER_ANSWERS: readonly OfferAnswer[] = ["A", "P", "Z"];
export const isOfferAnswer = (value: unknown): value is OfferAnswer => OFFER_ANSWERS.some((answer) => answer === value);

/** Working days the airline has to answer an offer (SSIM Ch. 6: three business days). */
export const OFFER_WORKING_DAYS = 3;

/** The day `days` working days (Monday to Friday) after `date` (`yyyy-mm-dd`). */
export function addWorkingDays(date: string, days: number): string {
  let day = date;
  let left = days;
  while (left > 0) {
    day = addDays(day, 1);
    if (isoWeekday(day) <= 5) left--;
  }
  return day;
}

/**
 * A deadline the reply writes in its S.I. or G.I. (`REPLY BY 27NOV`, `ANSWER BEFORE 27NOV`,
 * `RESPONDER ANTES DEL 27NOV`, `DEADLINE 27NOV`) as `yyyy-mm-dd` within the season, or null.
 */
export function deadlineInReply(footer: readonly string[], season: string): string | null {
  const pattern = /\b(?:BY|BEFORE|UNTIL|DEADLINE|HASTA(?: EL)?|ANTES DEL?|LIMITE|LÍMITE)[\s:]+(\d{2}[A-Z]{3})\b/i;
  for (const text of footer) {
    const found = pattern.exec(text);
    const ddmmm = found?.[1]?.toUpperCase();
    if (ddmmm && isDdmmm(ddmmm)) {
      const resolved = resolveScrDate(ddmmm, season);
      if (resolved) return resolved.date;
    }
  }
  return null;
}

/**
 * When the offers of a reply must be answered: the day the reply names (`deadlineInReply`), else
 * the working days it names (`WITHIN 5 DAYS`), else three working days after the day the reply was
 * received (`yyyy-mm-dd`, the coordinator's day).
 */
export function offersDeadline(replyDate: string, footer: readonly string[] = [], season: string | null = null): string {
  const named = season === null ? null : deadlineInReply(footer, season);
  return named ?? addWorkingDays(replyDate, workingDaysInReply(footer) ?? OFFER_WORKING_DAYS);
}

/** `WITHIN 5 DAYS`, `WITHIN 5 WORKING DAYS`, `EN 5 DIAS`: the working days a reply gives, or null. */
export function workingDaysInReply(footer: readonly string[]): number | null {
  const pattern = /\b(?:WITHIN|EN)\s+(\d{1,2})\s+(?:WORKING\s+|BUSINESS\s+|H[AÁ]BILES\s+)?(?:DAYS|D[IÍ]AS)\b/i;
  for (const text of footer) {
    const days = Number(pattern.exec(text)?.[1] ?? 0);
    if (days > 0) return days;
  }
  return null;
}

/** Why an answer cannot be built, in Spanish. */
export class OfferAnswerError extends Error {}

/**
 * The answer's data lines: the offered line repeated with the answer's action (SSIM Ch. 6). `A` and
 * `P` answer one offer (`offer`, 0-based; needed when there are several); `Z` declines every offer.
 */
export function offerAnswerLines(offers: readonly string[], answer: OfferAnswer, season: string, offer?: number): string[] {
  if (offers.length === 0) throw new OfferAnswerError("La línea no tiene ofertas del coordinador.");
  let chosen: readonly string[];
  if (answer === "Z") chosen = offers;
  else {
    if (offer === undefined && offers.length > 1) {
      throw new OfferAnswerError(`La línea tiene ${offers.length} ofertas: indique cuál acepta.`);
    }
    const one = offers[offer ?? 0];
    if (one === undefined) throw new OfferAnswerError(`La línea no tiene la oferta ${(offer ?? 0) + 1}.`);
    chosen = [one];
  }
  return chosen.map((text, index) => {
    const message = parseScr(`SCR\n${season}\n01JAN\nMEX\n${text.trim()}`);
    const [line] = message.lines;
    const problem = message.errors.find((error) => error.line === 5);
    if (!line || problem) {
      throw new OfferAnswerError(`La oferta ${index + 1} («${text.trim()}») no se puede leer: ${problem?.message ?? "no es una línea SCR"}.`);
    }
    if (line.action !== "O") throw new OfferAnswerError(`La oferta ${index + 1} («${text.trim()}») no es una línea O.`);
    return buildScrLine({ ...line, action: answer }, season);
  });
}
