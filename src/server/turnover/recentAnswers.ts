/**
 * The last few turnover answers, each kept with the fingerprint of the data it was read from
 * (which matches, at which versions: see `turnoverFingerprintSql`). When everyone reloads at once
 * and nothing changed, a read checks the fingerprint (a few milliseconds) and sends the answer it
 * already has — the same bytes, so they are also compressed once — instead of reading and
 * building 7 MB of JSON again per request (on PGlite that work runs on the server's only thread,
 * issue 25). A fingerprint that differs, by a change on this instance or another, reads again.
 */
export class RecentAnswers<T> {
  private readonly entries = new Map<string, { fingerprint: string; value: T }>();

  /** `size`: how many different reads to keep (each 28-day answer is ~8 MB). */
  constructor(private readonly size: number) {}

  /** The answer kept for `key` if it was read from data with this `fingerprint`. */
  get(key: string, fingerprint: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) return undefined;
    // Most recently used last: the first one is the one to forget.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, fingerprint: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { fingerprint, value });
    while (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
