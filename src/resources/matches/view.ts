/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "matches",
  path: "/matches",
  labelKey: "slotdesk.views.matches",
  icon: CompareArrowsIcon,
  capability: "matches",
  ...lazyView(() => import("./MatchesView")),
};
