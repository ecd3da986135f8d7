/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "loads",
  path: "/loads",
  labelKey: "slotdesk.views.loads",
  icon: CloudUploadIcon,
  capability: "flightImport",
  ...lazyView(() => import("./DataLoadsView")),
};
