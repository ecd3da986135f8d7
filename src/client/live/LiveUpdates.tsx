/**
 * One EventSource per signed-in tab (`GET /api/live/events/`): what other users change refreshes
 * the views that show it. The shell mounts this once, inside the session gate. EventSource
 * reconnects by itself and sends `Last-Event-ID`, so the server sends what was missed; a refused
 * stream (a session that ended) is opened again later only while the shell is still shown.
 *
 * A change made by this user is skipped: the mutation that made it already refreshed what it
 * touched. What a change refreshes:
 *  - matches, slots, flights: the turnover rows shown (Entrega de turno, the timeline) are read
 *    again quietly (each changed row is marked by the view), Histórico and the justifications
 *    (announced as their slot's change) read again, reports and
 *    viewers' copies are marked stale, and an open match viewer is told (it says so and offers
 *    to reload: what the user typed stays);
 *  - drafts: marked stale (read again when next opened: never under the user's typing);
 *  - logbook and offers: the Bitácora reads again; report runs: Envíos de reportes;
 *  - a season (its rule, calendar or state): the seasons, Histórico and Monitoreo read again; the
 *    justification reasons: their lists and Monitoreo.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiBaseUrl } from "../api/config";
import { mayBeThisTabsWrite } from "../api/ownWrites";
import { getStoredUser } from "../auth/session";
import { queryKeys } from "../queries/keys";
import { announceMatchChange, liveFetch, type LiveMessage, liveMessageOf } from "./messages";
import { presenceKey } from "./presence";

/** Changes arriving within this time are applied together (an import is several statements). */
const GATHER_MS = 250;
/** After a refused stream (signed out, server restarting), try again after this long. */
const RETRY_MS = 10_000;

interface Pending {
  turnover: boolean;
  drafts: boolean;
  logbook: boolean;
  reportRuns: boolean;
  seasons: boolean;
  reasons: boolean;
}

const NONE: Pending = { turnover: false, drafts: false, logbook: false, reportRuns: false, seasons: false, reasons: false };

function apply(queryClient: QueryClient, pending: Pending): void {
  if (pending.turnover) {
    // The turnover rows on screen are read again in the background; the others when next shown.
    void queryClient.invalidateQueries({ queryKey: queryKeys.turnover, refetchType: "none" });
    for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.turnover, type: "active" })) {
      void liveFetch(() => query.fetch());
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.history });
    // A justification is announced as a change of its slot (migration 0020).
    void queryClient.invalidateQueries({ queryKey: queryKeys.justifications });
    void queryClient.invalidateQueries({ queryKey: queryKeys.monitoring });
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports, refetchType: "none" });
  }
  if (pending.drafts) void queryClient.invalidateQueries({ queryKey: queryKeys.drafts, refetchType: "none" });
  if (pending.logbook) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.logbook });
    void queryClient.invalidateQueries({ queryKey: queryKeys.logbookParts });
    // A request sent or answered may correct a row of Monitoreo.
    void queryClient.invalidateQueries({ queryKey: queryKeys.monitoring });
  }
  if (pending.reportRuns) void queryClient.invalidateQueries({ queryKey: queryKeys.reportRuns });
  if (pending.seasons) {
    // A season's rule or calendar: the seasons (lists and Temporadas) and what is measured by it.
    for (const queryKey of [queryKeys.seasons, queryKeys.history, queryKeys.monitoring]) void queryClient.invalidateQueries({ queryKey });
  }
  if (pending.reasons) {
    for (const queryKey of [queryKeys.justificationReasons, queryKeys.monitoring]) void queryClient.invalidateQueries({ queryKey });
  }
}

export const LiveUpdates = () => {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let gather: ReturnType<typeof setTimeout> | null = null;
    let pending: Pending = NONE;
    const me = getStoredUser()?.id ?? null;

    const flush = () => {
      gather = null;
      const now = pending;
      pending = NONE;
      apply(queryClient, now);
    };
    const want = (more: Partial<Pending>) => {
      pending = { ...pending, ...more };
      gather ??= setTimeout(flush, GATHER_MS);
    };

    // A read of who is here still in flight may have left before this change reached the server
    // (the page's first read, queued behind the grid's): it is dropped and read again, not joined
    // (TanStack Query joins a query's first read instead of starting another).
    const readPresenceAgain = () => {
      void queryClient
        .cancelQueries({ queryKey: presenceKey })
        .then(() => queryClient.invalidateQueries({ queryKey: presenceKey }));
    };

    const onMessage = (message: LiveMessage) => {
      // 'hello' too: who is here may have been read before this stream opened (this browser's
      // own arrival among it), and a change of it announced before then reached other streams only.
      if (message.type === "presence" || message.type === "hello") {
        readPresenceAgain();
        return;
      }
      if (message.type === "reload") {
        readPresenceAgain();
        announceMatchChange(null, null);
        want({ turnover: true, drafts: true, logbook: true, reportRuns: true, seasons: true, reasons: true });
        return;
      }
      // The user's change made in this very tab already refreshed what it touched; made in their
      // other tab, it is followed like anyone else's (issue 36 item 8).
      if (message.type !== "change" || (me !== null && message.actor_id === me && mayBeThisTabsWrite())) return;
      switch (message.kind) {
        case "match":
          void queryClient.invalidateQueries({ queryKey: queryKeys.matchViewer, refetchType: "none" });
          announceMatchChange(message.ids ?? null, message.actor_id ?? null);
          want({ turnover: true });
          break;
        case "slot":
        case "flight":
          want({ turnover: true });
          break;
        case "draft":
          want({ drafts: true });
          break;
        case "logbook":
        case "offer":
          want({ logbook: true });
          break;
        case "report_run":
          want({ reportRuns: true });
          break;
        case "season":
          want({ seasons: true });
          break;
        case "justification_reason":
          want({ reasons: true });
          break;
        default:
          break;
      }
    };

    const connect = () => {
      retry = null;
      source = new EventSource(`${apiBaseUrl}/api/live/events/`, { withCredentials: true });
      source.onmessage = (event: MessageEvent<string>) => {
        const message = liveMessageOf(event.data);
        if (message) onMessage(message);
      };
      source.onerror = () => {
        // CONNECTING: the browser reconnects by itself. CLOSED: the server refused; later, again.
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        retry = setTimeout(connect, RETRY_MS);
      };
    };
    connect();

    return () => {
      source?.close();
      if (retry) clearTimeout(retry);
      if (gather) clearTimeout(gather);
    };
  }, [queryClient]);

  return null;
};
