import type { SvgIconComponent } from "@mui/icons-material";
import SummarizeIcon from "@mui/icons-material/Summarize";
import TableChartIcon from "@mui/icons-material/TableChart";
import ViewTimelineIcon from "@mui/icons-material/ViewTimeline";
import { AppBar, Box, ToggleButton, ToggleButtonGroup, Toolbar, Tooltip, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useLocation, useNavigate } from "react-router-dom";
import { hasCapability, useRole } from "../auth/capabilities";
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
 * The top bar: view switch, date-range bar (only on the dashboard, table and report views),
 * 'Borradores', settings and the user menu.
 */
export const TopBar = () => {
  const translate = useTranslate();
  const mode = findView(useLocation().pathname)?.topBar;

  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <Toolbar variant="dense" sx={{ gap: 1.5, minHeight: 52 }}>
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, color: "primary.main", mr: 1 }}>
          {translate("slotdesk.app.name")}
        </Typography>
        <ViewSwitch current={mode} />
        {mode ? <DateRangeBar view={mode} /> : null}
        <Box sx={{ flex: 1 }} />
        <DraftsMenu />
        <SettingsMenu />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
};
