/**
 * Which live changes a signed-in user receives: a kind goes to the roles that may read what it
 * is about (the contract's capabilities), and a draft only to its owner. The message carries kinds
 * and ids only; the browser reads the data itself through operations that check the role again.
 */
import { type Capability, hasCapability } from "../../generated/access";
import type { components } from "../../generated/openapi";

export type LiveKind = components["schemas"]["LiveKind"];
export type LiveMessage = components["schemas"]["LiveMessage"];
/** A change as the database announced it (see migration 0017). */
export type LiveChange = LiveMessage & { type: "change"; id: number; kind: LiveKind };

/** The capability whose holders may read what each kind is about. */
const READ_CAPABILITY: Record<LiveKind, Capability> = {
  match: "turnover",
  slot: "turnover",
  flight: "turnover",
  draft: "drafts",
  logbook: "logbook",
  offer: "logbook",
  report_run: "reportRuns",
  // Every view that measures a season (Histórico, Monitoreo, the season pickers) reads its rule.
  season: "signedIn",
  justification_reason: "monitoring",
};

export const isLiveKind = (value: unknown): value is LiveKind =>
  typeof value === "string" && Object.hasOwn(READ_CAPABILITY, value);

export interface LiveReader {
  id: number;
  role: string;
}

/** The kinds `role` may receive (a draft's owner is checked apart). */
export const receivableKinds = (role: string): LiveKind[] =>
  Object.entries(READ_CAPABILITY)
    .filter(([, capability]) => hasCapability(role, capability))
    .map(([kind]) => kind)
    .filter(isLiveKind);

/** Whether `reader` may receive `change`. */
export function mayReceive(reader: LiveReader, change: Pick<LiveChange, "kind" | "ids">): boolean {
  if (!hasCapability(reader.role, READ_CAPABILITY[change.kind])) return false;
  // Drafts are each user's own: another's draft id is not the reader's business.
  if (change.kind === "draft") return change.ids === null || change.ids === undefined || change.ids.includes(reader.id);
  return true;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const intOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);
const dateOrNull = (value: unknown): string | null =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;

/**
 * The change a NOTIFY payload (or a `live_events` row) describes, else null. `at` may come as
 * an ISO text or a Date.
 */
export function changeOf(value: unknown): LiveChange | null {
  if (!isRecord(value)) return null;
  const id = intOrNull(value.id);
  const kind = value.kind;
  if (id === null || !isLiveKind(kind)) return null;
  const ids = Array.isArray(value.ids) ? value.ids.filter((v): v is number => typeof v === "number" && Number.isInteger(v)) : null;
  const at = value.at instanceof Date ? value.at : new Date(typeof value.at === "string" ? value.at : Date.now());
  return {
    type: "change",
    id,
    kind,
    ids,
    first_date: dateOrNull(value.first_date),
    last_date: dateOrNull(value.last_date),
    actor_id: intOrNull(value.actor_id),
    at: Number.isNaN(at.getTime()) ? new Date().toISOString() : at.toISOString(),
  };
}
