/**
 * What a room tells the shell about the view it brings (issue 33 item 4): its route, menu entry,
 * who may open it and the view itself, lazy-loaded. A room exports one from its front door
 * (`index.ts`, as `view`); the shell's one list (src/app/views.ts) reads them, so adding a room is
 * one export and one entry in that list.
 */
import type { SvgIconComponent } from "@mui/icons-material";
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType, LazyExoticComponent } from "react";
import type { Capability } from "../../generated/access";

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
  component?: ComponentType | LazyExoticComponent<ComponentType>;
  /**
   * Starts loading the view's code without showing it (a pointer over its menu entry, the shell
   * idle): the download the route would wait for, started earlier (see `lazyView`).
   */
  preload?: () => void;
  /**
   * Starts the view's first read, the one it will ask for on mounting, so it leaves with the click
   * rather than after the view's code has arrived and rendered (issue 35). Idempotent: a read on
   * its way is not asked again.
   */
  prefetch?: (queryClient: QueryClient) => void;
}
