/**
 * The writes this tab itself sends (issue 36 item 8). A live change whose actor is the signed-in
 * user may come from this tab — whose mutation already refreshed what it touched — or from the
 * same user's other tab, which this tab must follow like anyone else's. The live stream cannot
 * tell tabs apart (one session, one actor), so the tab counts its own writes: a change of its user
 * is taken as its own only while one of its writes is on its way or has just been answered.
 */
import type { Middleware } from "openapi-fetch";

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Writes that change nothing the live stream announces (which match the viewer shows). */
const NOT_CHANGES = new Set(["/api/live/viewing/"]);
const isWrite = (request: Request, schemaPath: string) => MUTATING_METHODS.has(request.method.toUpperCase()) && !NOT_CHANGES.has(schemaPath);
/** How long after this tab's write is answered its change may still arrive on the live stream. */
export const OWN_WRITE_WINDOW_MS = 1500;

let inFlight = 0;
let answeredAt = Number.NEGATIVE_INFINITY;

const settle = () => {
  inFlight = Math.max(0, inFlight - 1);
  answeredAt = Date.now();
};

/** Counts the tab's writes through the API client. */
export const ownWritesMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    if (isWrite(request, schemaPath)) inFlight += 1;
    return undefined;
  },
  onResponse({ request, schemaPath }) {
    if (isWrite(request, schemaPath)) settle();
    return undefined;
  },
  onError({ request, schemaPath }) {
    if (isWrite(request, schemaPath)) settle();
    return undefined;
  },
};

/** Whether a change made by this tab's user may be this tab's own write. */
export const mayBeThisTabsWrite = (now: number = Date.now()): boolean => inFlight > 0 || now - answeredAt <= OWN_WRITE_WINDOW_MS;

/** Forgets the writes counted (tests reset module state between them). */
export const resetOwnWrites = (): void => {
  inFlight = 0;
  answeredAt = Number.NEGATIVE_INFINITY;
};
