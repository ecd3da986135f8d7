/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import SummarizeIcon from "@mui/icons-material/Summarize";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "reports",
  path: "/reports",
  labelKey: "slotdesk.views.reports",
  icon: SummarizeIcon,
  capability: "reports",
  topBar: "report",
  ...lazyView(() => import("./ReportsView")),
};
