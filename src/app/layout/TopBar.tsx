import type { SvgIconComponent } from "@mui/icons-material";
import SummarizeIcon from "@mui/icons-material/Summarize";
import TableChartIcon from "@mui/icons-material/TableChart";
import ViewTimelineIcon from "@mui/icons-material/ViewTimeline";
import { AppBar, Box, ToggleButton, ToggleButtonGroup, Toolbar, Tooltip, Typography, useMediaQuery } from "@mui/material";
import { useTranslate } from "react-admin";
import { useLocation, useNavigate } from "react-router-dom";
import { AirportPicker } from "../../client/airport/AirportPicker";
import { hasCapability, useRole } from "../../client/auth/capabilities";
import { PresenceChip } from "../../client/live/PresenceChip";
import { findView, type TopBarView, VIEWS } from "../views";
import { DateRangeBar } from "./DateRangeBar";
import { DraftsMenu } from "./DraftsMenu";
import { SettingsMenu } from "./SettingsMenu";
import { UserMenu } from "./UserMenu";

interface SwitchOption {
  mode: TopBarView;
  labelKey: string;
  icon: SvgIconComponent;
}

/** The top bar's view switch (seed 000 §2.1, seed 002 §2): dashboard, table and report. */
const SWITCH_OPTIONS: readonly SwitchOption[] = [
  { mode: "dashboard", labelKey: "slotdesk.menu.dashboard", icon: ViewTimelineIcon },
  { mode: "table", labelKey: "slotdesk.menu.table", icon: TableChartIcon },
  { mode: "report", labelKey: "slotdesk.menu.report", icon: SummarizeIcon },
];

const ViewSwitch = ({ current }: { current: TopBarView | undefined }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { role } = useRole();
  const options = SWITCH_OPTIONS.flatMap((option) => {
    const view = VIEWS.find((candidate) => candidate.topBar === option.mode);
    return view && hasCapability(role, view.capability) ? [{ ...option, path: view.path }] : [];
  });
  if (options.length === 0) return null;

  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current ?? null}
      aria-label={translate("slotdesk.menu.view_switch")}
      onChange={(_event, mode: TopBarView | null) => {
        const target = options.find((option) => option.mode === mode);
        if (target) navigate(target.path);
      }}
    >
      {options.map((option) => {
        const label = translate(option.labelKey);
        const Icon = option.icon;
        return (
          <Tooltip key={option.mode} title={label}>
            <ToggleButton value={option.mode} aria-label={label} sx={{ px: 1.25 }}>
              <Icon fontSize="small" />
            </ToggleButton>
          </Tooltip>
        );
      })}
    </ToggleButtonGroup>
  );
};

/**
 * Narrower than this the top bar is compact: no product name, 'Borradores' as an icon with its
 * tooltip, a narrower range bar. At 1024 px (the narrowest allowed) everything fits on one line
 * (issue 11, item 6).
 */
export const COMPACT_TOP_BAR_QUERY = "(max-width: 1279.95px)";

/**
 * The top bar: view switch, airport picker (when the person may pick among several, issue 37),
 * date-range bar (only on the dashboard, table and report views),
 * 'Borradores', settings and the user menu.
 */
export const TopBar = () => {
  const translate = useTranslate();
  const mode = findView(useLocation().pathname)?.topBar;
  const compact = useMediaQuery(COMPACT_TOP_BAR_QUERY);

  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <Toolbar variant="dense" sx={{ gap: compact ? 1 : 1.5, minHeight: 52, px: compact ? { xs: 1.5 } : undefined }}>
        {compact ? null : (
          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, color: "primary.main", mr: 1 }}>
            {translate("slotdesk.app.name")}
          </Typography>
        )}
        <ViewSwitch current={mode} />
        <AirportPicker compact={compact} />
        {mode ? <DateRangeBar view={mode} compact={compact} /> : null}
        <Box sx={{ flex: 1 }} />
        {/* The menus never shrink nor leave the screen: the range bar gives way first. */}
        <Box data-testid="top-bar-menus" sx={{ display: "flex", alignItems: "center", gap: compact ? 0.5 : 1.5, flexShrink: 0 }}>
          <PresenceChip />
          <DraftsMenu compact={compact} />
          <SettingsMenu />
          <UserMenu />
        </Box>
      </Toolbar>
    </AppBar>
  );
};
