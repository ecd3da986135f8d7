/**
 * The heavy statements' turn (issue 34 item 1). A big preview's plan asks the database for its
 * stored side in hundreds of chunks; four previews at once put four of them in the database's
 * queue at a time. On the embedded database that queue is one thread's, everybody's: a health
 * check or a turnover read waited behind all four. Through this gate at most one heavy statement
 * is queued or running at a time, so a light request waits for one chunk at most; the heavy ones
 * take turns in the order they asked (first come, first served).
 */
let busy = false;
const waiting: Array<() => void> = [];

/** Runs `work` when no other heavy statement runs, and lets the next one go after it. */
export async function inHeavyTurn<T>(work: () => Promise<T>): Promise<T> {
  if (busy) await new Promise<void>((go) => waiting.push(go));
  else busy = true;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  }
}
