/**
 * Character-level checks shared by the SCR parser, the builder and the draft-line validator.
 * They work on a string and index range with charCodeAt, so the hot path allocates nothing and
 * compiles no regular expression.
 */
import { SCR_REPLY_ACTIONS, SCR_REQUEST_ACTIONS, type ScrAction } from "./types";

export const MONTH_NAMES: readonly string[] = [
  "JAN",
  "FEB",
  "MAR",
  "APR",
  "MAY",
  "JUN",
  "JUL",
  "AUG",
  "SEP",
  "OCT",
  "NOV",
  "DEC",
];

/** Longest possible day of each month (index 1..12); February counts 29 when the year is unknown. */
export const MAX_DAYS: readonly number[] = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const MONTH_BY_KEY = new Map<number, number>(
  MONTH_NAMES.map((name, index) => [monthKey(name.charCodeAt(0), name.charCodeAt(1), name.charCodeAt(2)), index + 1]),
);

function monthKey(a: number, b: number, c: number): number {
  return (a << 16) | (b << 8) | c;
}

const ACTION_TABLE: readonly boolean[] = (() => {
  const table = new Array<boolean>(128).fill(false);
  for (const code of [...SCR_REQUEST_ACTIONS, ...SCR_REPLY_ACTIONS]) table[code.charCodeAt(0)] = true;
  return table;
})();

export function isActionChar(c: number): boolean {
  return ACTION_TABLE[c] === true;
}

export function isActionCode(value: unknown): value is ScrAction {
  return typeof value === "string" && value.length === 1 && isActionChar(value.charCodeAt(0));
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}

export function isUpperAlnum(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** Field separator inside a line: space, tab or no-break space (pasted e-mail text). */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 160;
}

/** What the parser trims around lines and texts: control characters, space, no-break space, BOM. */
export function isTrimChar(c: number): boolean {
  return c <= 32 || c === 160 || c === 0xfeff;
}

/** Trims `isTrimChar` characters from both ends (the parser's notion of trimming). */
export function trimScr(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isTrimChar(s.charCodeAt(a))) a++;
  while (b > a && isTrimChar(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** True when s[a..b) are all upper-case letters A–Z (and the range is not empty). */
export function isLetters(s: string, a: number, b: number): boolean {
  if (b <= a) return false;
  for (let i = a; i < b; i++) if (!isUpper(s.charCodeAt(i))) return false;
  return true;
}

/** True when s[a..b) are all digits (and the range is not empty). */
export function isDigits(s: string, a: number, b: number): boolean {
  if (b <= a) return false;
  for (let i = a; i < b; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** True when s[a..b) are all upper-case letters or digits (and the range is not empty). */
export function isUpperAlnums(s: string, a: number, b: number): boolean {
  if (b <= a) return false;
  for (let i = a; i < b; i++) if (!isUpperAlnum(s.charCodeAt(i))) return false;
  return true;
}

/**
 * Flight designator in s[a..b): airline code + flight number (1–4 digits) + optional one-letter
 * suffix. The airline code is SSIM's `xx(a)`: two letters or digits (at least one letter) and an
 * optional third letter. `VB1234`, `VB012A`, `9W123`, `ABC1`; not `VB12345`.
 */
export function isDesignatorAt(s: string, a: number, b: number): boolean {
  let end = b;
  if (end - a >= 4 && isUpper(s.charCodeAt(end - 1))) end--; // operational suffix
  const length = end - a;
  for (let airline = 2; airline <= 3; airline++) {
    const digits = length - airline;
    if (digits < 1 || digits > 4) continue;
    if (!isDigits(s, a + airline, end)) continue;
    if (airline === 3 && !isUpper(s.charCodeAt(a + 2))) continue;
    let letters = 0;
    let ok = true;
    for (let i = a; i < a + airline; i++) {
      const c = s.charCodeAt(i);
      if (isUpper(c)) letters++;
      else if (!isDigit(c)) {
        ok = false;
        break;
      }
    }
    if (ok && letters > 0) return true;
  }
  return false;
}

export function isDesignator(value: string): boolean {
  return isDesignatorAt(value, 0, value.length);
}

/** Month 1..12 of the three upper-case letters at s[i..i+3), or 0. */
export function monthAt(s: string, i: number): number {
  return MONTH_BY_KEY.get(monthKey(s.charCodeAt(i), s.charCodeAt(i + 1), s.charCodeAt(i + 2))) ?? 0;
}

/**
 * `DDMMM` at s[i..i+5): returns the day (1..31) and month (1..12) packed as `month * 32 + day`,
 * or -1 when it is not two digits and a month name, or the day cannot exist in that month
 * (29FEB is accepted: the year is not known here).
 */
export function ddmmmAt(s: string, i: number): number {
  const d1 = s.charCodeAt(i);
  const d2 = s.charCodeAt(i + 1);
  if (!isDigit(d1) || !isDigit(d2)) return -1;
  const month = monthAt(s, i + 2);
  if (month === 0) return -1;
  const day = (d1 - 48) * 10 + (d2 - 48);
  if (day < 1 || day > (MAX_DAYS[month] ?? 0)) return -1;
  return month * 32 + day;
}

/** True when `value` is exactly a `DDMMM` date that can exist (29FEB allowed). */
export function isDdmmm(value: string): boolean {
  return value.length === 5 && ddmmmAt(value, 0) !== -1;
}

/** True when the 4 characters at s[i..i+4) are digits; the time may still be out of range. */
export function isFourDigitsAt(s: string, i: number): boolean {
  return (
    isDigit(s.charCodeAt(i)) &&
    isDigit(s.charCodeAt(i + 1)) &&
    isDigit(s.charCodeAt(i + 2)) &&
    isDigit(s.charCodeAt(i + 3))
  );
}

/** `HHMM` at s[i..i+4), 0000–2359. */
export function isTimeAt(s: string, i: number): boolean {
  if (!isFourDigitsAt(s, i)) return false;
  const hours = (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48);
  const minutes = (s.charCodeAt(i + 2) - 48) * 10 + (s.charCodeAt(i + 3) - 48);
  return hours <= 23 && minutes <= 59;
}

export function isTime(value: string): boolean {
  return value.length === 4 && isTimeAt(value, 0);
}

/** True when `value` is exactly three upper-case letters (a station or airport code). */
export function isStation(value: string): boolean {
  return value.length === 3 && isLetters(value, 0, 3);
}

/**
 * Days of operation at s[i..i+7): -1 when valid (digit n at position n, or `0`), else the offset
 * (0..6) of the first wrong character. Does not check that at least one day is set.
 */
export function daysErrorAt(s: string, i: number): number {
  for (let k = 0; k < 7; k++) {
    const c = s.charCodeAt(i + k);
    if (c !== 48 && c !== 49 + k) return k;
  }
  return -1;
}

/** Bit mask of the weekdays (bit n-1 for day n) of a valid days field at s[i..i+7). */
export function daysMaskAt(s: string, i: number): number {
  let mask = 0;
  for (let k = 0; k < 7; k++) if (s.charCodeAt(i + k) !== 48) mask |= 1 << k;
  return mask;
}

/** Upper-cases ASCII letters only, so that every column stays where it was. */
export function asciiUpper(s: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) {
      out += s.slice(from, i) + String.fromCharCode(c - 32);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

/** True when s[a..b) holds an ASCII lower-case letter. */
export function hasAsciiLower(s: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}

/** A token for an error message: at most 20 characters. */
export function shown(token: string): string {
  return token.length > 20 ? `${token.slice(0, 19)}…` : token;
}
