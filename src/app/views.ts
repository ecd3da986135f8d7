import type { SvgIconComponent } from "@mui/icons-material";
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import ChecklistIcon from "@mui/icons-material/Checklist";
import HistoryIcon from "@mui/icons-material/History";
import MenuBookIcon from "@mui/icons-material/MenuBook";
import SummarizeIcon from "@mui/icons-material/Summarize";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import ViewTimelineIcon from "@mui/icons-material/ViewTimeline";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { Capability } from "../generated/access";

/** The three views the top bar switches between, and that show the date-range bar. */
export type TopBarView = "dashboard" | "table" | "report";

export interface ViewDefinition {
  id: string;
  /** Route path, absolute. */
  path: string;
  /** Catalog key of the label: side-menu tooltip and aria-label, page title, heading. */
  labelKey: string;
  /** Catalog key of a second line under the heading, when the label alone is not enough. */
  subtitleKey?: string;
  icon: SvgIconComponent;
  /** Who sees the menu entry and may open the route (the server enforces the real protection). */
  capability: Capability;
  /** Set for the dashboard, table and report views. */
  topBar?: TopBarView;
  /** The view itself, lazy-loaded; absent while the view is not built (a "Próximamente" panel). */
  component?: LazyExoticComponent<ComponentType>;
}

/**
 * The one map of the app's views, in side-menu order (seed 000 §2.1). The side menu, the top
 * bar's view switch and the routes all read it.
 */
export const VIEWS: readonly ViewDefinition[] = [
  {
    id: "turnover",
    path: "/turnover",
    labelKey: "slotdesk.views.turnover",
    icon: SwapHorizIcon,
    capability: "turnover",
    topBar: "table",
    component: lazy(() => import("../custom-views/turnover/TurnoverView")),
  },
  {
    id: "timeline",
    path: "/timeline",
    labelKey: "slotdesk.views.timeline",
    subtitleKey: "slotdesk.views.timeline_subtitle",
    icon: ViewTimelineIcon,
    capability: "timeline",
    topBar: "dashboard",
    component: lazy(() => import("../custom-views/timeline/TimelineView")),
  },
  {
    id: "reports",
    path: "/reports",
    labelKey: "slotdesk.views.reports",
    icon: SummarizeIcon,
    capability: "reports",
    topBar: "report",
    component: lazy(() => import("../custom-views/reports/ReportsView")),
  },
  {
    id: "admin",
    path: "/admin",
    labelKey: "slotdesk.views.admin",
    icon: AdminPanelSettingsIcon,
    capability: "admin",
    component: lazy(() => import("../resources/admin/AdminPanel")),
  },
  {
    id: "history",
    path: "/history",
    labelKey: "slotdesk.views.history",
    icon: HistoryIcon,
    capability: "history",
    component: lazy(() => import("../custom-views/history/HistoryView")),
  },
  {
    id: "monitoring",
    path: "/monitoring",
    labelKey: "slotdesk.views.monitoring",
    icon: ChecklistIcon,
    capability: "monitoring",
    component: lazy(() => import("../custom-views/monitoring/MonitoringView")),
  },
  {
    id: "logbook",
    path: "/logbook",
    labelKey: "slotdesk.views.logbook",
    icon: MenuBookIcon,
    capability: "logbook",
    component: lazy(() => import("../resources/logbook/LogbookView")),
  },
  {
    id: "references-upload",
    path: "/references-upload",
    labelKey: "slotdesk.views.references_upload",
    icon: UploadFileIcon,
    capability: "referencesUpload",
    component: lazy(() => import("../custom-views/references/ReferencesUploadView")),
  },
  {
    id: "loads",
    path: "/loads",
    labelKey: "slotdesk.views.loads",
    icon: CloudUploadIcon,
    capability: "flightImport",
    component: lazy(() => import("../custom-views/loads/DataLoadsView")),
  },
  {
    id: "matches",
    path: "/matches",
    labelKey: "slotdesk.views.matches",
    icon: CompareArrowsIcon,
    capability: "matches",
    component: lazy(() => import("../resources/matches/MatchesView")),
  },
];

/** Where `/` and a successful login lead (kept beside the session, so the login page needs no view map). */
export { HOME_PATH } from "../client/auth/session";

/** The view a location belongs to: its own path or anything below it. */
export const findView = (pathname: string): ViewDefinition | undefined =>
  VIEWS.find((view) => pathname === view.path || pathname.startsWith(`${view.path}/`));
