/**
 * The drafts' front door: what the shell and other rooms may use. The modal itself stays lazy
 * behind the provider, so importing this pulls no editor into the caller's chunk.
 */
export { type DraftsModalApi, DraftsModalProvider, useDraftsModal } from "./DraftsModalContext";
export { DRAFT_KINDS, DRAFT_NAME_KEYS, type DraftKind, type DraftKindDefinition } from "./kinds";
