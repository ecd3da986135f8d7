/**
 * The caller's drafts and the seasons they refer to (the shared queries), and every write
 * to them (`POST`/`DELETE /api/turnover/drafts/`) behind one save indicator (seed 000 §4.3):
 * 'Guardando información...' while a write is pending, the spinner kept 1.5 s after it ends.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useNotify } from "react-admin";
import { encodeDraftItems, useClearDraft, useDrafts, useSaveDrafts } from "../../client/queries/drafts";
import { failureText, type StaleVersion, staleVersionOf } from "../../client/queries/request";
import { useSeasons } from "../../client/queries/seasons";
import type { components } from "../../generated/openapi";
import type { DraftKind } from "./kinds";

type Drafts = components["schemas"]["Drafts"];
type DraftsUpdate = components["schemas"]["DraftsUpdate"];
type Season = components["schemas"]["Season"];
type EncodeRequest = components["schemas"]["EncodeRequest"];
type EncodedSlot = components["schemas"]["EncodedSlot"];

/** How long the spinner stays after a save ends (seed 000 §4.3, §9). */
export const SPINNER_LINGER_MS = 1500;

export interface SaveIndicator {
  /** A write is pending: 'Guardando información...'. */
  saving: boolean;
  /** Pending, or ended less than 1.5 s ago. */
  spinning: boolean;
}

export interface DraftsStore {
  drafts: Drafts | null;
  /** Every stored season; null while loading (empty when the list could not be read). */
  seasons: Season[] | null;
  /** The load failed: the message to show instead of the drafts. */
  loadError: string | null;
  indicator: SaveIndicator;
  /** The last write was refused: another tab or session saved these drafts first (who, when). */
  stale: StaleVersion | null;
  reload(): Promise<Drafts | null>;
  /** 'Recargar' after a refused write: the stored drafts are read again; the editors keep what was typed. */
  reloadStale(): Promise<Drafts | null>;
  /** Saves sections; on failure shows the server's message and answers null. */
  save(update: DraftsUpdate): Promise<Drafts | null>;
  /** Empties one draft. */
  clear(kind: DraftKind): Promise<Drafts | null>;
  /** The stored season of that name (drafts keep the season's code). */
  seasonNamed(name: string | null | undefined): Season | undefined;
}

/** Tracks pending writes and keeps the spinner a little after the last one. */
function useSaveIndicator(): { indicator: SaveIndicator; track: <T>(work: () => Promise<T>) => Promise<T> } {
  const [pending, setPending] = useState(0);
  const [lingering, setLingering] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const track = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    clearTimeout(timer.current);
    setPending((count) => count + 1);
    setLingering(true);
    try {
      return await work();
    } finally {
      setPending((count) => count - 1);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLingering(false), SPINNER_LINGER_MS);
    }
  }, []);

  return { indicator: { saving: pending > 0, spinning: pending > 0 || lingering }, track };
}

export function useDraftsStore(): DraftsStore {
  const notify = useNotify();
  const draftsQuery = useDrafts();
  const seasonsQuery = useSeasons();
  const saveDrafts = useSaveDrafts();
  const clearDraft = useClearDraft();
  const { indicator, track } = useSaveIndicator();
  const [stale, setStale] = useState<StaleVersion | null>(null);
  const drafts = draftsQuery.data ?? null;
  const loadError = draftsQuery.error?.message ?? null;
  const seasons = seasonsQuery.data ?? (seasonsQuery.isError ? NO_SEASONS : null);

  const { refetch } = draftsQuery;
  const reload = useCallback(async () => {
    const result = await refetch();
    return result.isError ? null : (result.data ?? null);
  }, [refetch]);

  const reloadStale = useCallback(async () => {
    const reloaded = await reload();
    if (reloaded) setStale(null);
    return reloaded;
  }, [reload]);

  /**
   * Runs a write of the drafts: the server's answer becomes the drafts; a refusal because someone
   * saved first is kept for the view to show with 'Recargar'; another failure is a toast.
   */
  const write = useCallback(
    (request: () => Promise<Drafts>) =>
      track(async () => {
        try {
          const written = await request();
          setStale(null);
          return written;
        } catch (error) {
          const refused = staleVersionOf(error);
          if (refused) setStale(refused);
          else notify(failureText(error), { type: "error" });
          return null;
        }
      }),
    [notify, track],
  );

  const { mutateAsync: saveAsync } = saveDrafts;
  const save = useCallback((update: DraftsUpdate) => write(() => saveAsync(update)), [write, saveAsync]);

  const { mutateAsync: clearAsync } = clearDraft;
  const clear = useCallback((kind: DraftKind) => write(() => clearAsync(kind)), [write, clearAsync]);

  const seasonNamed = useCallback(
    (name: string | null | undefined) => (name ? seasons?.find((season) => season.name === name) : undefined),
    [seasons],
  );

  return { drafts, seasons, loadError, indicator, stale, reload, reloadStale, save, clear, seasonNamed };
}

const NO_SEASONS: Season[] = [];

/** The editor's lines for some draft items (`POST /api/turnover/requests/encode/`). */
export async function encodeItems(request: EncodeRequest): Promise<{ slots: EncodedSlot[] } | { message: string }> {
  try {
    const data = await encodeDraftItems(request);
    return { slots: data.encoded_slots };
  } catch (error) {
    return { message: failureText(error) };
  }
}
