/**
 * Opens the full-screen drafts modal (seed 000 §2.3) from anywhere in the shell: the Borradores
 * menu, the turnover table. `DraftsModalProvider` is mounted once in AppLayout; the modal itself is
 * loaded on first use.
 */
import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from "react";
import { hasCapability, useRole } from "../../client/auth/capabilities";
import { DRAFT_KINDS, type DraftKind } from "./kinds";

export interface DraftsModalApi {
  /** Shows the modal on that draft (or on the first draft the role holds, when it lacks that one). */
  open(kind: DraftKind): void;
}

const DraftsModalContext = createContext<DraftsModalApi | null>(null);

const DraftsModal = lazy(() => import("./DraftsModal").then((module) => ({ default: module.DraftsModal })));

export const DraftsModalProvider = ({ children }: { children?: ReactNode }) => {
  const { role } = useRole();
  const [kind, setKind] = useState<DraftKind | null>(null);
  const kinds = useMemo(() => DRAFT_KINDS.filter((definition) => hasCapability(role, definition.capability)), [role]);

  const api = useMemo<DraftsModalApi>(
    () => ({
      open(requested) {
        const allowed = kinds.find((definition) => definition.kind === requested) ?? kinds[0];
        if (allowed) setKind(allowed.kind);
      },
    }),
    [kinds],
  );

  return (
    <DraftsModalContext.Provider value={api}>
      {children}
      {kind !== null && hasCapability(role, "drafts") ? (
        <Suspense fallback={null}>
          <DraftsModal kinds={kinds} kind={kind} onChangeKind={setKind} onClose={() => setKind(null)} />
        </Suspense>
      ) : null}
    </DraftsModalContext.Provider>
  );
};

/** `open(kind)` of the drafts modal; only inside DraftsModalProvider (the signed-in shell). */
export function useDraftsModal(): DraftsModalApi {
  const api = useContext(DraftsModalContext);
  if (!api) throw new Error("useDraftsModal needs DraftsModalProvider (mounted in AppLayout)");
  return api;
}
