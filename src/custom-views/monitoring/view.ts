/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import ChecklistIcon from "@mui/icons-material/Checklist";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "monitoring",
  path: "/monitoring",
  labelKey: "slotdesk.views.monitoring",
  icon: ChecklistIcon,
  capability: "monitoring",
  component: lazy(() => import("./MonitoringView")),
};
