/**
 * Live updates and who is here (issue 25 items 2 and 3): the event stream, the people with one
 * open, and the match a viewer shows. The hub (hub.ts) does the work.
 */
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { readCursor, type StreamCursor } from "./cursor";
import { listPresentUsers } from "./queries";

/** The stream's `Last-Event-ID` (see cursor.ts); one this server did not write is refused with 400. */
function cursorOf(header: string | string[] | undefined): StreamCursor | null {
  const cursor = readCursor((Array.isArray(header) ? header[0] : header) ?? "");
  if (cursor !== undefined) return cursor;
  const message = "El último evento recibido (Last-Event-ID) no es uno que este servidor haya enviado.";
  throw new HttpError(400, message, [{ field: "Last-Event-ID", message }]);
}

export const streamLiveEvents: Handler<"streamLiveEvents"> = async ({ request, reply, user, services }) => {
  // An EventSource asks for the stream; anything else (a plain fetch, a crawler) would hang on it.
  if (!String(request.headers.accept ?? "").includes("text/event-stream")) {
    throw new HttpError(406, "Esta dirección envía actualizaciones en vivo: ábrala con EventSource (Accept: text/event-stream).");
  }
  const from = cursorOf(request.headers["last-event-id"]);
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
    // nginx and similar proxies: pass each message on as it comes.
    "X-Accel-Buffering": "no",
  });
  // A dropped stream is opened again after 3 s (the browser's EventSource does it).
  response.write("retry: 3000\n\n");
  try {
    await services.live.open(user, response, from);
  } catch (error) {
    request.log.error({ err: error }, "Actualizaciones en vivo");
    response.end();
  }
  return { status: 200, body: "" };
};

export const listPresence: Handler<"listPresence"> = async ({ services }) => {
  return { status: 200, body: await listPresentUsers(services.db) };
};

export const setViewing: Handler<"setViewing"> = async ({ body, user, services }) => {
  await services.live.setViewing(user.id, user.sessionId, body.match_id);
  return { status: 204 };
};
