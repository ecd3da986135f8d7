/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "admin",
  path: "/admin",
  labelKey: "slotdesk.views.admin",
  icon: AdminPanelSettingsIcon,
  capability: "admin",
  ...lazyView(() => import("./AdminPanel")),
};
