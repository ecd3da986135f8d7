/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import ViewTimelineIcon from "@mui/icons-material/ViewTimeline";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";
import { prefetchTimelineRows } from "./prefetch";

export const view: ViewDefinition = {
  id: "timeline",
  path: "/timeline",
  labelKey: "slotdesk.views.timeline",
  subtitleKey: "slotdesk.views.timeline_subtitle",
  icon: ViewTimelineIcon,
  capability: "timeline",
  topBar: "dashboard",
  ...lazyView(() => import("./TimelineView")),
  prefetch: prefetchTimelineRows,
};
