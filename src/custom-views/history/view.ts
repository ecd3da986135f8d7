/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import HistoryIcon from "@mui/icons-material/History";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "history",
  path: "/history",
  labelKey: "slotdesk.views.history",
  icon: HistoryIcon,
  capability: "history",
  component: lazy(() => import("./HistoryView")),
};
