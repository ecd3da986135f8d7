/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "loads",
  path: "/loads",
  labelKey: "slotdesk.views.loads",
  icon: CloudUploadIcon,
  capability: "flightImport",
  component: lazy(() => import("./DataLoadsView")),
};
