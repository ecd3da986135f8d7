/**
 * The early warning's picture as other rooms show it (Monitoreo's series panels), loaded with the
 * first one opened (issue 35: charts draw only when seen): the charting library stays out of
 * Monitoreo's first load. Histórico's weekly table shows it directly.
 */
import { Box } from "@mui/material";
import { type ComponentProps, lazy, Suspense } from "react";

const pictures = () => import("./Punctuality");
const LazyDeviationChart = lazy(() => pictures().then((module) => ({ default: module.DeviationChart })));

/** The picture's room while it loads, so nothing below it jumps. */
const Room = () => <Box sx={{ minHeight: 180 }} />;

export const DeviationChart = (props: ComponentProps<typeof LazyDeviationChart>) => (
  <Suspense fallback={<Room />}>
    <LazyDeviationChart {...props} />
  </Suspense>
);
