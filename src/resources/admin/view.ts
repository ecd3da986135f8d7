/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "admin",
  path: "/admin",
  labelKey: "slotdesk.views.admin",
  icon: AdminPanelSettingsIcon,
  capability: "admin",
  component: lazy(() => import("./AdminPanel")),
};
