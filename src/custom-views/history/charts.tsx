/**
 * The early warning's pictures, loaded with the first one shown (issue 35: charts draw only when
 * seen): the charting library stays out of Histórico's and Monitoreo's first load.
 */
import { Box } from "@mui/material";
import { type ComponentProps, lazy, Suspense } from "react";

const pictures = () => import("./Punctuality");
const LazyDeviationChart = lazy(() => pictures().then((module) => ({ default: module.DeviationChart })));
const LazyPunctualityChart = lazy(() => pictures().then((module) => ({ default: module.PunctualityChart })));

/** The picture's room while it loads, so nothing below it jumps. */
const Room = () => <Box sx={{ minHeight: 180 }} />;

export const DeviationChart = (props: ComponentProps<typeof LazyDeviationChart>) => (
  <Suspense fallback={<Room />}>
    <LazyDeviationChart {...props} />
  </Suspense>
);

export const PunctualityChart = (props: ComponentProps<typeof LazyPunctualityChart>) => (
  <Suspense fallback={<Room />}>
    <LazyPunctualityChart {...props} />
  </Suspense>
);
