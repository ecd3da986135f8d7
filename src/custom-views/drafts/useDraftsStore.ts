/**
 * The caller's drafts and the seasons they refer to, loaded when the modal opens, and every write
 * to them (`POST`/`DELETE /api/turnover/drafts/`) behind one save indicator (seed 000 §4.3):
 * 'Guardando información...' while a write is pending, the spinner kept 1.5 s after it ends.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useNotify } from "react-admin";
import { apiClient, apiErrorMessage } from "../../client/api/client";
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
  reload(): Promise<Drafts | null>;
  /** Saves sections; on failure shows the server's message and answers null. */
  save(update: DraftsUpdate): Promise<Drafts | null>;
  /** Empties one draft. */
  clear(kind: DraftKind): Promise<Drafts | null>;
  /** The stored season of that name (drafts keep the season's code). */
  seasonNamed(name: string | null | undefined): Season | undefined;
}

type DraftsRead = { drafts: Drafts } | { message: string };

async function readDrafts(): Promise<DraftsRead> {
  try {
    const { data, error } = await apiClient.GET("/api/turnover/drafts/");
    return data ? { drafts: data } : { message: apiErrorMessage(error) };
  } catch (error) {
    return { message: apiErrorMessage(error) };
  }
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
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const [seasons, setSeasons] = useState<Season[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { indicator, track } = useSaveIndicator();

  const apply = useCallback((result: DraftsRead): Drafts | null => {
    if ("message" in result) {
      setLoadError(result.message);
      return null;
    }
    setLoadError(null);
    setDrafts(result.drafts);
    return result.drafts;
  }, []);

  const reload = useCallback(() => readDrafts().then(apply), [apply]);

  useEffect(() => {
    let live = true;
    readDrafts().then((result) => {
      if (live) apply(result);
    });
    apiClient.GET("/api/seasons/").then(
      ({ data }) => {
        if (live) setSeasons(data ?? []);
      },
      () => {
        if (live) setSeasons([]);
      },
    );
    return () => {
      live = false;
    };
  }, [apply]);

  /** Runs a write of the drafts: the server's answer becomes the drafts, a failure a toast. */
  const write = useCallback(
    (request: () => Promise<{ data?: Drafts; error?: unknown }>) =>
      track(async () => {
        try {
          const { data, error } = await request();
          if (!data) {
            notify(apiErrorMessage(error), { type: "error" });
            return null;
          }
          setDrafts(data);
          return data;
        } catch (error) {
          notify(apiErrorMessage(error), { type: "error" });
          return null;
        }
      }),
    [notify, track],
  );

  const save = useCallback(
    (update: DraftsUpdate) => write(() => apiClient.POST("/api/turnover/drafts/", { body: update })),
    [write],
  );

  const clear = useCallback(
    (kind: DraftKind) => write(() => apiClient.DELETE("/api/turnover/drafts/", { params: { query: { type: kind } } })),
    [write],
  );

  const seasonNamed = useCallback(
    (name: string | null | undefined) => (name ? seasons?.find((season) => season.name === name) : undefined),
    [seasons],
  );

  return { drafts, seasons, loadError, indicator, reload, save, clear, seasonNamed };
}

/** The editor's lines for some draft items (`POST /api/turnover/requests/encode/`). */
export async function encodeItems(request: EncodeRequest): Promise<{ slots: EncodedSlot[] } | { message: string }> {
  try {
    const { data, error } = await apiClient.POST("/api/turnover/requests/encode/", { body: request });
    return data ? { slots: data.encoded_slots } : { message: apiErrorMessage(error) };
  } catch (error) {
    return { message: apiErrorMessage(error) };
  }
}
