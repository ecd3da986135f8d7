/**
 * The live event stream's messages (`GET /api/live/events/`, the contract's LiveMessage) and a
 * small relay that tells open match viewers their match was changed by someone else.
 */
import type { components } from "../../generated/openapi";

export type LiveMessage = components["schemas"]["LiveMessage"];
type LiveType = LiveMessage["type"];
type LiveKind = components["schemas"]["LiveKind"];

const TYPES: Record<LiveType, true> = { hello: true, change: true, presence: true, reload: true };
const KINDS: Record<LiveKind, true> = {
  match: true,
  slot: true,
  flight: true,
  draft: true,
  logbook: true,
  offer: true,
  report_run: true,
  season: true,
  justification_reason: true,
};
const isType = (value: unknown): value is LiveType => typeof value === "string" && Object.hasOwn(TYPES, value);
const isKind = (value: unknown): value is LiveKind => typeof value === "string" && Object.hasOwn(KINDS, value);

/** A stream message as the contract describes it, else null (a message is read, never trusted). */
export function liveMessageOf(text: string): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const type: unknown = Reflect.get(value, "type");
  if (!isType(type)) return null;
  const ids: unknown = Reflect.get(value, "ids");
  const actor: unknown = Reflect.get(value, "actor_id");
  const kind: unknown = Reflect.get(value, "kind");
  const first: unknown = Reflect.get(value, "first_date");
  const last: unknown = Reflect.get(value, "last_date");
  return {
    type,
    ...(isKind(kind) ? { kind } : {}),
    ids: Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : null,
    actor_id: typeof actor === "number" ? actor : null,
    first_date: typeof first === "string" ? first : null,
    last_date: typeof last === "string" ? last : null,
  };
}

/** A match another user changed: its id, or null for "maybe any" (many at once, or a reload). */
type MatchListener = (matchIds: readonly number[] | null, actorId: number | null) => void;
const matchListeners = new Set<MatchListener>();

export function onMatchChanged(listener: MatchListener): () => void {
  matchListeners.add(listener);
  return () => void matchListeners.delete(listener);
}

export function announceMatchChange(matchIds: readonly number[] | null, actorId: number | null): void {
  for (const listener of matchListeners) listener(matchIds, actorId);
}

/** Live refetches in progress: the views refresh their rows quietly (no loading overlay) meanwhile. */
let liveFetches = 0;
export const isLiveFetching = (): boolean => liveFetches > 0;
export async function liveFetch(run: () => Promise<unknown>): Promise<void> {
  liveFetches += 1;
  try {
    await run();
  } catch {
    // The view shows its own failure on its next read.
  } finally {
    liveFetches -= 1;
  }
}
