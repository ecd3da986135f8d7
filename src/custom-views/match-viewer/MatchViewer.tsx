/**
 * The match viewer as every view mounts it (Entrega de turno, the timeline, Histórico's weekly
 * table, Monitoreo): nothing while no match is open; the dialog's code loads with the first match
 * opened, so a view shows its rows without it; a new match opens a fresh dialog (nothing of the
 * previous one's typing stays). Its dates and times are in the toggle's zone at the chosen airport
 * (issue 37: LOCAL is that airport's zone), as the view's rows.
 */
import { type ComponentProps, lazy, Suspense } from "react";
import { useShownZone } from "../../client/airport/useShownZone";
import type { TimeZoneMode } from "../../domain/zones";
import type { MatchViewerDialogProps } from "./MatchViewerDialog";

const MatchViewerDialog = lazy(() => import("./MatchViewerDialog").then((module) => ({ default: module.MatchViewerDialog })));

export type MatchViewerProps = Omit<MatchViewerDialogProps, "matchId" | "zone"> & {
  /** The match shown, or null while none is open. */
  matchId: number | null;
  /** The LOCAL/UTC toggle's position. */
  zone: TimeZoneMode;
};

export const MatchViewer = ({ matchId, zone, ...props }: MatchViewerProps) => {
  const shown = useShownZone(zone);
  return matchId === null ? null : (
    <Suspense fallback={null}>
      <MatchViewerDialog key={matchId} matchId={matchId} zone={shown} {...props} />
    </Suspense>
  );
};

const LazyChangesPanel = lazy(() => import("./ChangesPanel").then((module) => ({ default: module.ChangesPanel })));

/** The slot's changes (the reports' dialog), loaded when first shown: the views that only open the viewer carry none of it. */
export const ChangesPanel = ({ zone, ...props }: Omit<ComponentProps<typeof LazyChangesPanel>, "zone"> & { zone: TimeZoneMode }) => {
  const shown = useShownZone(zone);
  return (
    <Suspense fallback={null}>
      <LazyChangesPanel zone={shown} {...props} />
    </Suspense>
  );
};
