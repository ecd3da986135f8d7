/**
 * Live updates and who is here (issue 25 items 2 and 3): the event stream, the people with one
 * open, and the match a viewer shows. The hub (hub.ts) does the work.
 */
import { sql } from "drizzle-orm";
import type { Handler } from "../contract/routes";
import { queryRows } from "../db/sql";
import { HttpError } from "../http/errors";
import type { components } from "../../generated/openapi";
import { readCursor, type StreamCursor } from "./cursor";
import { PRESENCE_TTL_SECONDS } from "./hub";

type PresentUser = components["schemas"]["PresentUser"];

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
  const rows = await queryRows<PresentUser>(
    services.db,
    sql`select u.id as user_id, u.name, u.last_name,
          coalesce(array_agg(distinct p.match_id) filter (where p.match_id is not null), '{}') as match_ids
        from live_presence p join users u on u.id = p.user_id
        where p.seen_at > now() - ${`${PRESENCE_TTL_SECONDS} seconds`}::interval and not u.is_blocked
        group by u.id, u.name, u.last_name
        order by u.name, u.last_name, u.id`,
  );
  return { status: 200, body: rows };
};

export const setViewing: Handler<"setViewing"> = async ({ body, user, services }) => {
  await services.live.setViewing(user.id, user.sessionId, body.match_id);
  return { status: 204 };
};
