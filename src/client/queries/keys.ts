/**
 * The query hooks' cache keys, one root per concept (src/client/queries/<concept>.ts). react-admin
 * runs TanStack Query; its QueryClient is the one cache. A mutation invalidates its concept's root
 * (and the roots of what it changes elsewhere), and live updates will invalidate the same roots.
 */
export const queryKeys = {
  seasons: ["seasons"] as const,
  loads: ["loads"] as const,
  settings: ["settings"] as const,
  history: ["history"] as const,
  monitoring: ["monitoring"] as const,
  reports: ["reports"] as const,
  drafts: ["drafts"] as const,
  turnover: ["turnover"] as const,
  matchViewer: ["matchViewer"] as const,
  logbook: ["logbook"] as const,
  references: ["references"] as const,
  airports: ["airports"] as const,
  justifications: ["justifications"] as const,
  // The react-admin resources of these names keep their lists under the same roots.
  contacts: ["contacts"] as const,
  logbookParts: ["logbookParts"] as const,
  reportRuns: ["reportRuns"] as const,
  justificationReasons: ["justificationReasons"] as const,
};
