/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "matches",
  path: "/matches",
  labelKey: "slotdesk.views.matches",
  icon: CompareArrowsIcon,
  capability: "matches",
  component: lazy(() => import("./MatchesView")),
};
