/** The room's view as the shell's one list of views reads it (src/app/views.ts). */
import UploadFileIcon from "@mui/icons-material/UploadFile";
import type { ViewDefinition } from "../../client/rooms/view";
import { lazyView } from "../../client/rooms/lazyView";

export const view: ViewDefinition = {
  id: "references-upload",
  path: "/references-upload",
  labelKey: "slotdesk.views.references_upload",
  icon: UploadFileIcon,
  capability: "referencesUpload",
  ...lazyView(() => import("./ReferencesUploadView")),
};
