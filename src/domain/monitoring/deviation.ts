/**
 * Early warning per series (issue 27 item 4): is a series' mean deviation from its slot time
 * significantly early or late? The coordinator's own test, run on the airline's data first.
 *
 * Method — a one-sample, two-sided Student t-test on the signed differences (actual − slot, in
 * minutes; negative = early), as ACL describes its "sig-t" flag: with n operations, mean m and
 * sample standard deviation s, t = m ÷ (s ÷ √n) with n − 1 degrees of freedom; the series is
 * flagged when |t| exceeds the two-sided critical value at 90 % (t₀.₉₅,ₙ₋₁), i.e. when the 90 %
 * confidence interval of the mean, m ± t₀.₉₅,ₙ₋₁ · s ÷ √n, does not contain 0 — late when it lies
 * above 0, early when below.
 *
 * Assumptions, which the README repeats: the operations of a series are independent draws of one
 * distribution that is roughly normal (the t-test is robust to moderate skew from about a dozen
 * operations on; a few very late flights in a short series can flag it); only operated slots with
 * an actual time count; fewer than MIN_OPERATIONS are not tested. A series whose deviations are
 * all equal has s = 0: it is flagged whenever that deviation is not 0 (t is then unbounded and
 * reported as null).
 */

/** The fewest operations a series needs to be tested: with two, one late flight decides. */
export const MIN_OPERATIONS = 3;

/** The confidence of the test: ACL's 90 %. */
export const CONFIDENCE = 0.9;

export type DeviationVerdict = "late" | "early" | "on_time" | "too_few";

export type DeviationTest = {
  /** Operations tested. */
  n: number;
  /** Mean signed deviation, minutes (negative = early); null without operations. */
  mean: number | null;
  /** Sample standard deviation, minutes; null below two operations. */
  standardDeviation: number | null;
  /** t statistic; null when it cannot be computed (too few, or every deviation equal). */
  t: number | null;
  /** Two-sided critical value at the confidence; null when too few. */
  critical: number | null;
  /** The confidence interval of the mean, minutes; null when too few. */
  lower: number | null;
  upper: number | null;
  verdict: DeviationVerdict;
};

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9): 15 significant digits. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t with P(T ≤ t) = p (p in (0, 1)), by bisection on the CDF: exact to 1e-9. */
export function studentQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1): ${p}`);
  if (p < 0.5) return -studentQuantile(1 - p, df);
  let low = 0;
  let high = 1;
  while (studentCdf(high, df) < p) high *= 2;
  while (high - low > 1e-10) {
    const mid = (low + high) / 2;
    if (studentCdf(mid, df) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The test on a series' signed deviations (minutes; negative = early). */
export function deviationTest(deviations: readonly number[], confidence = CONFIDENCE): DeviationTest {
  const n = deviations.length;
  const mean = n > 0 ? deviations.reduce((sum, d) => sum + d, 0) / n : null;
  const squares = mean === null ? 0 : deviations.reduce((sum, d) => sum + (d - mean) ** 2, 0);
  const standardDeviation = n >= 2 ? Math.sqrt(squares / (n - 1)) : null;
  if (n < MIN_OPERATIONS || mean === null || standardDeviation === null) {
    return { n, mean, standardDeviation, t: null, critical: null, lower: null, upper: null, verdict: "too_few" };
  }
  const critical = studentQuantile(1 - (1 - confidence) / 2, n - 1);
  const standardError = standardDeviation / Math.sqrt(n);
  const lower = mean - critical * standardError;
  const upper = mean + critical * standardError;
  const t = standardError > 0 ? mean / standardError : null;
  const verdict: DeviationVerdict = lower > 0 ? "late" : upper < 0 ? "early" : "on_time";
  return { n, mean, standardDeviation, t, critical, lower, upper, verdict };
}

/** The median of some minutes (the middle two averaged); null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Slot times move in steps of five minutes at a coordinated airport. */
export const RETIME_STEP_MINUTES = 5;

/**
 * The retime that puts the median operation on the slot: the slot's time plus the median
 * deviation, to the nearest five minutes, across midnight as a wall clock (`HH:MM`, UTC). Null
 * when there is nothing to move (no operations, or a median that rounds to 0).
 */
export function proposedRetime(slotTime: string, deviations: readonly number[]): { time: string; shift: number } | null {
  const middle = median(deviations);
  if (middle === null) return null;
  const shift = Math.round(middle / RETIME_STEP_MINUTES) * RETIME_STEP_MINUTES;
  if (shift === 0) return null;
  const match = /^(\d{2}):(\d{2})$/.exec(slotTime);
  if (!match) throw new RangeError(`not a time HH:MM: ${slotTime}`);
  const minutes = (((Number(match[1]) * 60 + Number(match[2]) + shift) % 1440) + 1440) % 1440;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return { time, shift };
}

/**
 * Within the season's punctuality tolerance: at most `tolerance` minutes off the slot, either way
 * (AICM's rule since October 2025: ±15, so 15 is within and 16 is not).
 */
export const withinTolerance = (deviation: number, tolerance: number): boolean => Math.abs(deviation) <= tolerance;

/** The guidelines' "repeated" misuse: two or more operations off the tolerance in a season on one series. */
export const REPEATED_AT = 2;

/** How many operations fall outside the tolerance, and whether that is "repeated". */
export function offTolerance(deviations: readonly number[], tolerance: number): { count: number; repeated: boolean } {
  const count = deviations.filter((d) => !withinTolerance(d, tolerance)).length;
  return { count, repeated: count >= REPEATED_AT };
}
