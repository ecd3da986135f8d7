/** Loads a panel's list when the panel opens; a new `key` loads again. */
import { useEffect, useEffectEvent, useState } from "react";
import { apiErrorMessage } from "./client";

export type PanelData<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; items: T[] };

const LOADING = { status: "loading" } as const;

export function usePanelData<T>(load: () => Promise<{ data?: T[]; error?: unknown }>, key: string): PanelData<T> {
  const [settled, setSettled] = useState<{ key: string; data: PanelData<T> } | null>(null);
  // `load` is rebuilt on each render; only `key`, which names what it loads, starts a new load.
  const loadLatest = useEffectEvent(load);
  useEffect(() => {
    let live = true;
    loadLatest().then(
      ({ data, error }) => {
        if (!live) return;
        setSettled({ key, data: data ? { status: "ready", items: data } : { status: "error", message: apiErrorMessage(error) } });
      },
      (error: unknown) => {
        if (live) setSettled({ key, data: { status: "error", message: apiErrorMessage(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return settled?.key === key ? settled.data : LOADING;
}
