/**
 * Where a browser is in the live stream: its SSE id, `<last event id>/<snapshot>`. The snapshot is
 * PostgreSQL's (`pg_current_snapshot()` as text, `xmin:xmax:xip,…`): every event committed by it
 * was sent before the id. The stream writes it (`cursorText`) and reads it back from
 * `Last-Event-ID` (`readCursor`); the hub checks an event's transaction against a snapshot
 * (`visibleIn`) as `pg_visible_in_snapshot` does.
 */

/** Where a reconnecting browser was: its last event id, and the snapshot its events were complete by (null: an id alone). */
export interface StreamCursor {
  last: number;
  snapshot: string | null;
}

/** A snapshot as JavaScript checks it. Transaction ids stay below 2^53 for ages of a database. */
export interface Snapshot {
  xmin: number;
  xmax: number;
  inFlight: ReadonlySet<number>;
}

/** A snapshot longer than this (thousands of transactions in flight) is left out of the cursor: the id alone still catches up. */
const MAX_SNAPSHOT = 4000;

export const cursorText = (last: number, snapshot: string): string =>
  snapshot.length <= MAX_SNAPSHOT ? `${last}/${snapshot}` : String(last);

const SNAPSHOT = /^([0-9]{1,20}):([0-9]{1,20}):((?:[0-9]{1,20}(?:,[0-9]{1,20})*)?)$/;

/**
 * The snapshot `text` names, or null when PostgreSQL would not read it: not its form, xmin 0 or
 * after xmax, an in-flight id outside them or out of order (or ids no database reaches).
 */
export function snapshotOf(text: string): Snapshot | null {
  const form = SNAPSHOT.exec(text);
  if (!form) return null;
  const [, xminText = "", xmaxText = "", list = ""] = form;
  const xmin = Number(xminText);
  const xmax = Number(xmaxText);
  const inFlight = list === "" ? [] : list.split(",").map(Number);
  const ordered = inFlight.every((xid, i) => xid >= xmin && xid < xmax && (i === 0 || xid >= (inFlight[i - 1] ?? 0)));
  if (xmin === 0 || xmin > xmax || xmax > Number.MAX_SAFE_INTEGER || !ordered) return null;
  return { xmin, xmax, inFlight: new Set(inFlight) };
}

/** As `pg_visible_in_snapshot`: whether the transaction had committed when the snapshot was taken. */
export const visibleIn = (snapshot: Snapshot, txid: number): boolean =>
  txid < snapshot.xmin || (txid < snapshot.xmax && !snapshot.inFlight.has(txid));

/**
 * A `Last-Event-ID` as the stream wrote it — a cursor, or an event id alone (a tab opened before
 * cursors had a snapshot) — read as a browser or a proxy may hand it back (blanks around it).
 * Null: none was sent. Undefined: it is not one this server wrote.
 */
export function readCursor(header: string): StreamCursor | null | undefined {
  const text = header.trim();
  if (text === "") return null;
  if (text.length > 4096) return undefined;
  const slash = text.indexOf("/");
  const id = slash < 0 ? text : text.slice(0, slash);
  if (!/^[0-9]{1,15}$/.test(id)) return undefined;
  if (slash < 0) return { last: Number(id), snapshot: null };
  const snapshot = text.slice(slash + 1);
  return snapshotOf(snapshot) ? { last: Number(id), snapshot } : undefined;
}
