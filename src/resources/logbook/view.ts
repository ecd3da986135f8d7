/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import MenuBookIcon from "@mui/icons-material/MenuBook";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "logbook",
  path: "/logbook",
  labelKey: "slotdesk.views.logbook",
  icon: MenuBookIcon,
  capability: "logbook",
  ...lazyView(() => import("./LogbookView")),
};
