/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";
import { prefetchTurnoverRows } from "./prefetch";

export const view: ViewDefinition = {
  id: "turnover",
  path: "/turnover",
  labelKey: "slotdesk.views.turnover",
  icon: SwapHorizIcon,
  capability: "turnover",
  topBar: "table",
  ...lazyView(() => import("./TurnoverView")),
  prefetch: prefetchTurnoverRows,
};
