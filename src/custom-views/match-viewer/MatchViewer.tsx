/**
 * The match viewer as every view mounts it (Entrega de turno, the timeline, Histórico's weekly
 * table, Monitoreo): nothing while no match is open; the dialog's code loads with the first match
 * opened, so a view shows its rows without it; a new match opens a fresh dialog (nothing of the
 * previous one's typing stays).
 */
import { type ComponentProps, lazy, Suspense } from "react";
import type { MatchViewerDialogProps } from "./MatchViewerDialog";

const MatchViewerDialog = lazy(() => import("./MatchViewerDialog").then((module) => ({ default: module.MatchViewerDialog })));

export type MatchViewerProps = Omit<MatchViewerDialogProps, "matchId"> & {
  /** The match shown, or null while none is open. */
  matchId: number | null;
};

export const MatchViewer = ({ matchId, ...props }: MatchViewerProps) =>
  matchId === null ? null : (
    <Suspense fallback={null}>
      <MatchViewerDialog key={matchId} matchId={matchId} {...props} />
    </Suspense>
  );

const LazyChangesPanel = lazy(() => import("./ChangesPanel").then((module) => ({ default: module.ChangesPanel })));

/** The slot's changes (the reports' dialog), loaded when first shown: the views that only open the viewer carry none of it. */
export const ChangesPanel = (props: ComponentProps<typeof LazyChangesPanel>) => (
  <Suspense fallback={null}>
    <LazyChangesPanel {...props} />
  </Suspense>
);
