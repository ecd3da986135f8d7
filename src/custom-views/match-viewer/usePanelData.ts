/** Loads a panel's list when the panel opens; a new `key` loads again. */
import { useEffect, useState } from "react";
import { apiErrorMessage } from "../../app/api/client";

export type PanelData<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; items: T[] };

const LOADING = { status: "loading" } as const;

export function usePanelData<T>(load: () => Promise<{ data?: T[]; error?: unknown }>, key: string): PanelData<T> {
  const [settled, setSettled] = useState<{ key: string; data: PanelData<T> } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
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
    // `load` is rebuilt on each render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return settled?.key === key ? settled.data : LOADING;
}
