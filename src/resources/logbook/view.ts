/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import MenuBookIcon from "@mui/icons-material/MenuBook";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "logbook",
  path: "/logbook",
  labelKey: "slotdesk.views.logbook",
  icon: MenuBookIcon,
  capability: "logbook",
  component: lazy(() => import("./LogbookView")),
};
