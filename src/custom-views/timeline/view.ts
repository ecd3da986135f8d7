/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import ViewTimelineIcon from "@mui/icons-material/ViewTimeline";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "timeline",
  path: "/timeline",
  labelKey: "slotdesk.views.timeline",
  subtitleKey: "slotdesk.views.timeline_subtitle",
  icon: ViewTimelineIcon,
  capability: "timeline",
  topBar: "dashboard",
  component: lazy(() => import("./TimelineView")),
};
