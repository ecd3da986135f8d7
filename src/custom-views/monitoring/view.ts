/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import ChecklistIcon from "@mui/icons-material/Checklist";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "monitoring",
  path: "/monitoring",
  labelKey: "slotdesk.views.monitoring",
  icon: ChecklistIcon,
  capability: "monitoring",
  ...lazyView(() => import("./MonitoringView")),
};
