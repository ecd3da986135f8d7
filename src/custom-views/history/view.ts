/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import HistoryIcon from "@mui/icons-material/History";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "history",
  path: "/history",
  labelKey: "slotdesk.views.history",
  icon: HistoryIcon,
  capability: "history",
  ...lazyView(() => import("./HistoryView")),
};
