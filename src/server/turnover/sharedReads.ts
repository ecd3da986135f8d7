/**
 * Identical reads share one trip to the database. A read that arrives while the same one is
 * running does not take an answer read before it arrived (it may predate a write the caller
 * already saw): it takes the running one's answer only if that run's last database read started
 * after the caller arrived (a cold read fills the row cache and reads again: everyone who came
 * during the fill gets that second read), else it waits, together with every other such arrival,
 * for one new read started after the running one ends. So each answer is read after its request
 * arrived, and ten people reloading the same days cost one or two reads, not ten.
 */
export type SharedWork<T> = (readStarting: () => void) => Promise<T>;


type Run<T> = { promise: Promise<T>; lastReadAt: number };

export class SharedReads<T> {
  private readonly running = new Map<string, Run<T>>();
  private readonly waiting = new Map<string, Promise<T>>();

  /** `clock` orders arrivals and read starts: `performance.now()`, the clock requests are stamped with. */
  constructor(private readonly clock: () => number = () => performance.now()) {}

  /**
   * `work` calls `readStarting()` just before each statement whose answer it returns; `arrivedAt`
   * is when the caller's request arrived (on the `performance.now()` clock), now by default.
   */
  read(key: string, work: SharedWork<T>, arrivedAt?: number): Promise<T> {
    const arrived = arrivedAt ?? this.clock();
    const run = this.running.get(key);
    if (!run) return this.start(key, work).promise;
    const next = () => this.next(key, run, work);
    return run.promise.then(
      (value) => (run.lastReadAt > arrived ? value : next()),
      next,
    );
  }

  /** The one new read that every caller the running `run` cannot answer waits for. */
  private next(key: string, run: Run<T>, work: SharedWork<T>): Promise<T> {
    let waiting = this.waiting.get(key);
    if (!waiting) {
      waiting = Promise.resolve().then(() => {
        this.waiting.delete(key);
        // Another caller may have started a read meanwhile (nothing was running): join it.
        const current = this.running.get(key);
        return current && current !== run ? current.promise : this.start(key, work).promise;
      });
      this.waiting.set(key, waiting);
    }
    return waiting;
  }

  private start(key: string, work: SharedWork<T>): Run<T> {
    const stamp = { lastReadAt: 0 };
    const promise = work(() => {
      stamp.lastReadAt = this.clock();
    }).finally(() => {
      if (this.running.get(key) === run) this.running.delete(key);
    });
    const run: Run<T> = Object.assign(stamp, { promise });
    this.running.set(key, run);
    return run;
  }
}
