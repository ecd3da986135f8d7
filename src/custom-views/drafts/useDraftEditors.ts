/**
 * The editor rows of the three drafts while the modal is open (seed 000 §2.4, §4.2, §4.3).
 *
 * - Altas and cancelaciones: encoded when first shown, kept in memory while the modal is open.
 * - Modificaciones: read from `modification_data.encoded` (encoded when it is empty) and saved
 *   after every change (a short pause groups the keystrokes of an edit).
 * - Rows of items that left the draft are dropped; items without rows are listed so the user can
 *   encode them (a row the user deleted is not brought back behind their back).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslate } from "react-admin";
import { DEFAULT_ENCODE_ACTION, type EncodeAction, encodeActionOrDefault } from "../../domain/scr";
import type { components } from "../../generated/openapi";
import {
  type EditorPair,
  keepIds,
  missingIds,
  pairsFromDraft,
  pairsFromEncoded,
  pairsToDraft,
  requestLetterOf,
  withRequestLetter,
} from "./editor/pairs";
import type { DraftEditorProps } from "./editor/DraftEditor";
import type { DraftKind } from "./kinds";
import { type DraftsStore, encodeItems } from "./useDraftsStore";

type Drafts = components["schemas"]["Drafts"];
type EncodeRequest = components["schemas"]["EncodeRequest"];
type RequestLetter = components["schemas"]["RequestLetter"];

/** Pause after the last change before the modification draft is saved. */
const SAVE_PAUSE_MS = 400;

let sequence = 0;
/** Keys of rows made in this page; stored rows get `stored-{index}`. */
export const makeRowKey = (): string => {
  sequence += 1;
  return `row-${sequence}`;
};
const storedKeys = () => {
  let index = 0;
  return () => `stored-${index++}`;
};

/** The draft's items as the editor ids them: the alta's id, or the slot id. */
export function draftItemIds(kind: DraftKind, drafts: Drafts): string[] {
  if (kind === "new") return drafts.new_slot_data.list.map((item) => item.id);
  const ids = kind === "modify" ? drafts.modification_data.ids : drafts.cancellation_data.ids;
  return ids.map(String);
}

export const draftSeasonName = (kind: DraftKind, drafts: Drafts): string | null =>
  kind === "new" ? drafts.new_slot_data.season : kind === "modify" ? drafts.modification_data.season : drafts.cancellation_data.season;

type Stored = Record<DraftKind, EditorPair[] | null>;
type EncodeOutcome = { rows: EditorPair[] } | { problem: string };
const KINDS: readonly DraftKind[] = ["new", "modify", "cancel"];
type Problems = Record<DraftKind, string | null>;
const NONE = { new: null, modify: null, cancel: null } as const;

export interface DraftEditors {
  /** The rows of that draft; null while they are being encoded (or the drafts load). */
  pairs(kind: DraftKind): EditorPair[] | null;
  /** Why the rows could not be encoded. */
  problem(kind: DraftKind): string | null;
  /** Items of the draft without rows in the editor. */
  missing(kind: DraftKind): string[];
  change(kind: DraftKind, next: EditorPair[]): void;
  /** Encodes these items and adds their rows at the end. */
  encodeMissing(kind: DraftKind, ids: readonly string[], drafts?: Drafts): Promise<boolean>;
  /** Modifications: another encode action (the rows are encoded again and saved with it). */
  changeAction(action: EncodeAction): Promise<boolean>;
  /** The modification editor's L/R switch. */
  requestLetter: RequestLetter;
  setRequestLetter(letter: RequestLetter): void;
  /** Forget the rows of that draft (after a send or a clear): they are encoded again from the draft. */
  reset(kind: DraftKind): void;
  /** Saves the modification rows now when a save is waiting. */
  flush(): void;
  /** Cancels a waiting save (the draft is being replaced). */
  discardPendingSave(): void;
}

export function useDraftEditors(store: DraftsStore): DraftEditors {
  const translate = useTranslate();
  const { drafts, seasonNamed, save, seasons } = store;
  const [stored, setStored] = useState<Stored>(NONE);
  const [problems, setProblems] = useState<Problems>(NONE);
  const [letterChoice, setLetterChoice] = useState<RequestLetter | null>(null);
  const started = useRef(new Set<DraftKind>());
  const latest = useRef<{ drafts: Drafts | null; modify: EditorPair[] | null; visible: Stored }>({
    drafts: null,
    modify: null,
    visible: NONE,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const storedModify = useMemo(
    () => (drafts ? pairsFromDraft(drafts.modification_data.encoded, storedKeys()) : null),
    [drafts],
  );

  const base = useCallback(
    (kind: DraftKind): EditorPair[] | null => {
      const own = stored[kind];
      if (own) return own;
      if (!drafts) return null;
      if (kind === "modify" && drafts.modification_data.encoded.length > 0) return storedModify;
      return draftItemIds(kind, drafts).length === 0 ? [] : null;
    },
    [drafts, stored, storedModify],
  );

  const pairs = useCallback(
    (kind: DraftKind): EditorPair[] | null => {
      const rows = base(kind);
      if (!rows || !drafts) return rows;
      return keepIds(rows, new Set(draftItemIds(kind, drafts)));
    },
    [base, drafts],
  );

  const requestLetter: RequestLetter = letterChoice ?? requestLetterOf(pairs("modify") ?? []) ?? "R";

  useEffect(() => {
    const visible = { new: pairs("new"), modify: pairs("modify"), cancel: pairs("cancel") };
    latest.current = { drafts, modify: visible.modify, visible };
  });

  const saveModify = useCallback(
    (rows: EditorPair[], extra: { action?: EncodeAction } = {}) => {
      const current = latest.current.drafts;
      if (!current) return Promise.resolve(null);
      const ids = current.modification_data.ids;
      return save({
        modification_data: {
          ...current.modification_data,
          ...extra,
          encoded: pairsToDraft(keepIds(rows, new Set(ids.map(String)))),
        },
      });
    },
    [save],
  );

  const discardPendingSave = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const flush = useCallback(() => {
    if (timer.current === undefined) return;
    discardPendingSave();
    const rows = latest.current.modify;
    if (rows) void saveModify(rows);
  }, [discardPendingSave, saveModify]);

  // Leaving the modal saves what is waiting.
  useEffect(() => flush, [flush]);

  const change = useCallback(
    (kind: DraftKind, next: EditorPair[]) => {
      setStored((previous) => ({ ...previous, [kind]: next }));
      latest.current = { ...latest.current, visible: { ...latest.current.visible, [kind]: next } };
      if (kind !== "modify") return;
      latest.current = { ...latest.current, modify: next };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const rows = latest.current.modify;
        if (rows) void saveModify(rows);
      }, SAVE_PAUSE_MS);
    },
    [saveModify],
  );

  /** The encode request for these items of the draft, or the reason it cannot be made. */
  const encodeRequest = useCallback(
    (kind: DraftKind, ids: readonly string[], source: Drafts, action?: EncodeAction): EncodeRequest | string => {
      const name = draftSeasonName(kind, source);
      const season = seasonNamed(name);
      if (!season) return translate("slotdesk.errors.season_not_found", { id: name ?? "" });
      const wanted = new Set(ids);
      if (kind === "new") {
        return {
          draft_type: "new",
          modification_action_code: 2,
          season_id: season.id,
          new_slots: source.new_slot_data.list.filter((item) => wanted.has(item.id)),
          encode_action: DEFAULT_ENCODE_ACTION,
        };
      }
      const items = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0);
      if (kind === "cancel") {
        return { draft_type: "cancel", modification_action_code: 3, season_id: season.id, items, encode_action: DEFAULT_ENCODE_ACTION };
      }
      return {
        draft_type: "modify",
        modification_action_code: 4,
        season_id: season.id,
        items,
        encode_action: action ?? encodeActionOrDefault(source.modification_data.action),
        request_letter: requestLetter,
      };
    },
    [requestLetter, seasonNamed, translate],
  );

  /** Encodes the items; no state is touched until `applyOutcome`. */
  const encodeFor = useCallback(
    async (kind: DraftKind, ids: readonly string[], source: Drafts, action?: EncodeAction): Promise<EncodeOutcome> => {
      const request = encodeRequest(kind, ids, source, action);
      if (typeof request === "string") return { problem: request };
      const result = await encodeItems(request);
      if ("message" in result) return { problem: result.message };
      return { rows: pairsFromEncoded(result.slots, kind === "modify", makeRowKey) };
    },
    [encodeRequest],
  );

  const applyOutcome = useCallback((kind: DraftKind, outcome: EncodeOutcome): EditorPair[] | null => {
    const problem = "problem" in outcome ? outcome.problem : null;
    setProblems((previous) => ({ ...previous, [kind]: problem }));
    return "rows" in outcome ? outcome.rows : null;
  }, []);

  const runEncode = useCallback(
    async (kind: DraftKind, ids: readonly string[], source: Drafts, action?: EncodeAction) =>
      applyOutcome(kind, await encodeFor(kind, ids, source, action)),
    [applyOutcome, encodeFor],
  );

  // First showing of each draft: rows whose items have none yet are encoded, once. Later items
  // are encoded by whoever adds them (the Altas form) or on the user's request (`missing`).
  useEffect(() => {
    if (!drafts || seasons === null) return;
    for (const kind of KINDS) {
      if (started.current.has(kind)) continue;
      started.current.add(kind);
      if (stored[kind] !== null) continue;
      if (kind === "modify" && drafts.modification_data.encoded.length > 0) continue;
      const ids = draftItemIds(kind, drafts);
      if (ids.length === 0) continue;
      void encodeFor(kind, ids, drafts).then((outcome) => {
        const rows = applyOutcome(kind, outcome);
        if (!rows) return;
        setStored((previous) => ({ ...previous, [kind]: rows }));
        if (kind === "modify") {
          latest.current = { ...latest.current, modify: rows };
          void saveModify(rows);
        }
      });
    }
  });

  const encodeMissing = useCallback(
    async (kind: DraftKind, ids: readonly string[], source?: Drafts): Promise<boolean> => {
      const from = source ?? latest.current.drafts;
      if (!from || ids.length === 0) return false;
      const rows = await runEncode(kind, ids, from);
      if (!rows) return false;
      const next = [...(latest.current.visible[kind] ?? []), ...rows];
      latest.current = { ...latest.current, visible: { ...latest.current.visible, [kind]: next } };
      if (kind === "modify") latest.current = { ...latest.current, modify: next };
      setStored((previous) => ({ ...previous, [kind]: next }));
      if (kind === "modify") await saveModify(next);
      return true;
    },
    [runEncode, saveModify],
  );

  const changeAction = useCallback(
    async (action: EncodeAction): Promise<boolean> => {
      const from = latest.current.drafts;
      if (!from) return false;
      discardPendingSave();
      const ids = draftItemIds("modify", from);
      const rows = ids.length > 0 ? await runEncode("modify", ids, from, action) : [];
      if (!rows) return false;
      setStored((previous) => ({ ...previous, modify: rows }));
      latest.current = { ...latest.current, modify: rows };
      return (await saveModify(rows, { action })) !== null;
    },
    [discardPendingSave, runEncode, saveModify],
  );

  const setRequestLetter = useCallback(
    (letter: RequestLetter) => {
      setLetterChoice(letter);
      const rows = latest.current.modify;
      if (rows) change("modify", withRequestLetter(rows, letter));
    },
    [change],
  );

  const reset = useCallback(
    (kind: DraftKind) => {
      if (kind === "modify") discardPendingSave();
      started.current.delete(kind);
      setStored((previous) => ({ ...previous, [kind]: null }));
      setProblems((previous) => ({ ...previous, [kind]: null }));
    },
    [discardPendingSave],
  );

  const missing = useCallback(
    (kind: DraftKind): string[] => {
      const rows = pairs(kind);
      if (!rows || !drafts) return [];
      return missingIds(rows, draftItemIds(kind, drafts));
    },
    [drafts, pairs],
  );

  return {
    pairs,
    problem: (kind) => problems[kind],
    missing,
    change,
    encodeMissing,
    changeAction,
    requestLetter,
    setRequestLetter,
    reset,
    flush,
    discardPendingSave,
  };
}

/** What a DraftEditor of one draft takes from the editors' state (the three views share it). */
export function editorBindings(editors: DraftEditors, kind: DraftKind): Omit<DraftEditorProps, "context"> {
  return {
    pairs: editors.pairs(kind),
    makeKey: makeRowKey,
    onChange: (next) => editors.change(kind, next),
    problem: editors.problem(kind),
    onRetry: () => editors.reset(kind),
    missing: editors.missing(kind).length,
    onEncodeMissing: () => void editors.encodeMissing(kind, editors.missing(kind)),
  };
}
