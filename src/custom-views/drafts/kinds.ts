/**
 * The three drafts (seed 000 §2.3, §4.1, §6): menu label, modal title, side icon, the capability
 * a role needs, and the SCR action code each one is sent with.
 */
import type { SvgIconComponent } from "@mui/icons-material";
import EditIcon from "@mui/icons-material/Edit";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import PostAddIcon from "@mui/icons-material/PostAdd";
import type { Capability } from "../../generated/access";
import type { components } from "../../generated/openapi";
import type { LineContext } from "./editor/lineRules";
import type { DraftEditors } from "./useDraftEditors";
import type { DraftsStore } from "./useDraftsStore";

export type DraftKind = components["schemas"]["DraftType"];
export type ActionCode = components["schemas"]["ActionCode"];

/** What the modal gives each draft's view: the drafts, their store, the line editors and the lines' context. */
export interface DraftViewProps {
  drafts: components["schemas"]["Drafts"];
  store: DraftsStore;
  editors: DraftEditors;
  context: LineContext;
}

export interface DraftKindDefinition {
  kind: DraftKind;
  /** Menu entry and side-icon label. */
  labelKey: string;
  /** Title of the modal while this draft is shown. */
  titleKey: string;
  /** 'Tipo SCR' in the header. */
  scrTypeKey: string;
  icon: SvgIconComponent;
  capability: Capability;
  actionCode: ActionCode;
}

export const DRAFT_KINDS: readonly DraftKindDefinition[] = [
  {
    kind: "new",
    labelKey: "slotdesk.drafts.new",
    titleKey: "slotdesk.drafts.title_new",
    scrTypeKey: "slotdesk.drafts.header.type_new",
    icon: PostAddIcon,
    capability: "draftNew",
    actionCode: 2,
  },
  {
    kind: "modify",
    labelKey: "slotdesk.drafts.modify",
    titleKey: "slotdesk.drafts.title_modify",
    scrTypeKey: "slotdesk.drafts.header.type_modify",
    icon: EditIcon,
    capability: "draftModify",
    actionCode: 4,
  },
  {
    kind: "cancel",
    labelKey: "slotdesk.drafts.cancel",
    titleKey: "slotdesk.drafts.title_cancel",
    scrTypeKey: "slotdesk.drafts.header.type_cancel",
    icon: EventBusyIcon,
    capability: "draftCancel",
    actionCode: 3,
  },
];

/** The drafts' names as the seed writes them in its notices ('Altas', 'Modificaciones', 'Cancelaciones'). */
export const DRAFT_NAME_KEYS: Readonly<Record<DraftKind, string>> = {
  new: "slotdesk.drafts.new",
  modify: "slotdesk.drafts.modify",
  cancel: "slotdesk.drafts.cancel",
};
