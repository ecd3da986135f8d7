/**
 * Performance marks for the browser bench (`scripts/bench/clickToRows.ts`): where a big read's
 * time goes between the click and the rows on screen. A mark is a few hundred nanoseconds and
 * the browser keeps at most a few per read, so they stay in the production build.
 *
 *  - `slotdesk:<read>:fetch`   the query function starts (the request leaves);
 *  - `slotdesk:<read>:parsed`  the answer is read and decoded into the rows;
 *  - `slotdesk:<read>:data`    the view renders with the new rows (after the query cache).
 */

const marks = typeof performance !== "undefined" && typeof performance.mark === "function";

/** Marks `slotdesk:<read>:<step>` (a no-op where the browser has no performance marks). */
export function markRead(read: string, step: "fetch" | "parsed" | "data"): void {
  if (marks) performance.mark(`slotdesk:${read}:${step}`);
}

/** Runs a read between its `fetch` and `parsed` marks. */
export async function timedRead<T>(read: string, run: () => Promise<T>): Promise<T> {
  markRead(read, "fetch");
  const value = await run();
  markRead(read, "parsed");
  return value;
}
