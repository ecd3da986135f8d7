/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { lazy } from "react";
import type { ViewDefinition } from "../../client/rooms/view";

export const view: ViewDefinition = {
  id: "references-upload",
  path: "/references-upload",
  labelKey: "slotdesk.views.references_upload",
  icon: UploadFileIcon,
  capability: "referencesUpload",
  component: lazy(() => import("./ReferencesUploadView")),
};
