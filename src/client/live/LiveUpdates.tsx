/**
 * One EventSource per signed-in tab (`GET /api/live/events/`): what other users change refreshes
 * the views that show it. The shell mounts this once, inside the session gate. EventSource
 * reconnects by itself and sends `Last-Event-ID`, so the server sends what was missed; a refused
 * stream (a session that ended) is opened again later only while the shell is still shown.
 *
 * A change made by this user is skipped: the mutation that made it already refreshed what it
 * touched. What a change refreshes:
 *  - matches, slots, flights: the turnover rows shown (Entrega de turno, the timeline) are patched
 *    quietly — the changed matches' rows read by id, not the whole range (issue 35 item 4); a
 *    change of many, or a flight or slot with no match event, reads the range again — and each
 *    changed row is marked by the view; Histórico and the justifications
 *    (announced as their slot's change) read again, reports and
 *    viewers' copies are marked stale, and an open match viewer is told (it says so and offers
 *    to reload: what the user typed stays);
 *  - drafts: marked stale (read again when next opened: never under the user's typing);
 *  - logbook and offers: the Bitácora reads again; report runs: Envíos de reportes;
 *  - a season (its rule, calendar or state): the seasons, Histórico and Monitoreo read again; the
 *    justification reasons: their lists and Monitoreo.
 */
import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiBaseUrl } from "../api/config";
import { mayBeThisTabsWrite } from "../api/ownWrites";
import { getStoredUser } from "../auth/session";
import { queryKeys } from "../queries/keys";
import { isTurnoverRowsKey, patchTurnoverRows } from "../queries/turnover";
import { announceMatchChange, liveFetch, type LiveMessage, liveMessageOf } from "./messages";
import { presenceKey } from "./presence";

/** Changes arriving within this time are applied together (an import is several statements). */
const GATHER_MS = 250;
/**
 * Matches changed by id (one transaction is one event per kind, its flight's and slot's events
 * beside it) are patched after this long: enough for the events of the same commit to arrive.
 */
const PATCH_GATHER_MS = 15;
/** Up to how many changed matches the rows on screen are patched; more are read again whole. */
const PATCH_MAX = 500;
/** After a refused stream (signed out, server restarting), try again after this long. */
const RETRY_MS = 10_000;

interface Pending {
  /** The turnover rows on screen read again whole (a change of many, a reload). */
  turnover: boolean;
  /** Matches changed by id: the rows on screen patched (issue 35 item 4). */
  matchIds: readonly number[];
  /** A flight or slot changed: covered by its matches' event, else the rows are read again whole. */
  flightOrSlot: boolean;
  drafts: boolean;
  logbook: boolean;
  reportRuns: boolean;
  seasons: boolean;
  reasons: boolean;
}

const NONE: Pending = { turnover: false, matchIds: [], flightOrSlot: false, drafts: false, logbook: false, reportRuns: false, seasons: false, reasons: false };

function apply(queryClient: QueryClient, pending: Pending): void {
  const patch = !pending.turnover && pending.matchIds.length > 0 && pending.matchIds.length <= PATCH_MAX;
  const whole = pending.turnover || pending.matchIds.length > PATCH_MAX || (pending.flightOrSlot && pending.matchIds.length === 0);
  if (patch) {
    // The rows of the changed matches, read again and patched into each range on screen.
    void liveFetch(() => patchTurnoverRows(queryClient, pending.matchIds));
    // The turnover's other reads (a draft's slots) as before.
    const others = { queryKey: queryKeys.turnover, predicate: (query: Query) => !isTurnoverRowsKey(query.queryKey) };
    void queryClient.invalidateQueries({ ...others, refetchType: "none" });
    for (const query of queryClient.getQueryCache().findAll({ ...others, type: "active" })) void liveFetch(() => query.fetch());
  }
  if (whole) {
    // The turnover rows on screen are read again in the background; the others when next shown.
    void queryClient.invalidateQueries({ queryKey: queryKeys.turnover, refetchType: "none" });
    for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.turnover, type: "active" })) {
      void liveFetch(() => query.fetch());
    }
  }
  if (patch || whole) {
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
    let flushAt = 0;
    const want = (more: Partial<Pending>, after = GATHER_MS) => {
      pending = { ...pending, ...more, matchIds: [...pending.matchIds, ...(more.matchIds ?? [])] };
      // A patch flushes sooner than the gathering already waiting (its flight's event came first).
      const at = Date.now() + after;
      if (gather && at >= flushAt) return;
      if (gather) clearTimeout(gather);
      flushAt = at;
      gather = setTimeout(flush, after);
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
          // Known ids (at most 200 per event): those rows are patched; "many": everything is read again.
          if (message.ids) want({ matchIds: message.ids }, PATCH_GATHER_MS);
          else want({ turnover: true });
          break;
        case "slot":
        case "flight":
          // Its matches' rows changed with it (a trigger bumps them): their own event patches them.
          want({ flightOrSlot: true });
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
