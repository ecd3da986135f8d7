/**
 * Identical reads share one trip to the database. A read that arrives while the same one is
 * running does not take that answer (it may predate a write the caller already saw): it waits,
 * together with every other arrival, for one new read started after the running one ends. So each
 * answer is read after its request arrived, and ten people reloading the same days cost two reads,
 * not ten.
 */
export class SharedReads<T> {
  private readonly running = new Map<string, Promise<T>>();
  private readonly waiting = new Map<string, Promise<T>>();

  read(key: string, work: () => Promise<T>): Promise<T> {
    const waiting = this.waiting.get(key);
    if (waiting) return waiting;
    const running = this.running.get(key);
    if (!running) return this.start(key, work);
    const ignore = () => undefined;
    const next = running.then(ignore, ignore).then(() => {
      this.waiting.delete(key);
      return this.start(key, work);
    });
    this.waiting.set(key, next);
    return next;
  }

  private start(key: string, work: () => Promise<T>): Promise<T> {
    const promise: Promise<T> = work().finally(() => {
      if (this.running.get(key) === promise) this.running.delete(key);
    });
    this.running.set(key, promise);
    return promise;
  }
}

