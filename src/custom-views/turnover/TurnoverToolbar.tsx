/** The controls above the turnover table (seed 001 §2.1): refresh and last update, time zone, search, download, legend. */
import DownloadIcon from "@mui/icons-material/Download";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import RefreshIcon from "@mui/icons-material/Refresh";
import SearchIcon from "@mui/icons-material/Search";
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from "@mui/material";
import { useTranslate } from "react-admin";
import { formatMs, type ShownZone, type TimeZoneMode } from "../../domain/turnover";

export const RefreshControl = ({
  loading,
  lastUpdate,
  zone,
  onRefresh,
}: {
  loading: boolean;
  lastUpdate: Date | null;
  zone: ShownZone;
  onRefresh: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
      <Tooltip title={translate("slotdesk.turnover.refresh")}>
        <span>
          <IconButton size="small" aria-label={translate("slotdesk.turnover.refresh")} onClick={onRefresh} disabled={loading}>
            {loading ? <CircularProgress size={18} /> : <RefreshIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Typography variant="caption" color="text.secondary" noWrap>
        {lastUpdate
          ? translate("slotdesk.turnover.last_update", { time: formatMs(lastUpdate.getTime(), zone.timeZone, "HH:mm:ss") })
          : translate("slotdesk.turnover.not_updated")}
      </Typography>
    </Box>
  );
};

/**
 * LOCAL / UTC, and the name of the zone LOCAL is (issue 37: the chosen airport's, e.g.
 * "Local · America/New_York"), so a person always sees whose local time the table shows.
 */
export const ZoneToggle = ({ mode, localZone, onChange }: { mode: TimeZoneMode; localZone: string; onChange: (mode: TimeZoneMode) => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={mode}
        aria-label={translate("slotdesk.turnover.time_zone")}
        onChange={(_event, value: TimeZoneMode | null) => {
          if (value) onChange(value);
        }}
      >
        <ToggleButton value="local" title={translate("slotdesk.turnover.local_hint", { zone: localZone })} sx={{ py: 0.25 }}>
          {translate("slotdesk.turnover.local")}
        </ToggleButton>
        <ToggleButton value="utc" title={translate("slotdesk.turnover.utc_hint")} sx={{ py: 0.25 }}>
          {translate("slotdesk.turnover.utc")}
        </ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="caption" color="text.secondary" data-testid="turnover-zone" noWrap>
        {translate("slotdesk.turnover.local_zone", { zone: localZone })}
      </Typography>
    </Box>
  );
};

export const SearchField = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => {
  const translate = useTranslate();
  return (
    <TextField
      size="small"
      type="search"
      value={value}
      placeholder={translate("slotdesk.turnover.search")}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { "aria-label": translate("slotdesk.turnover.search") },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: 200 }}
    />
  );
};

export const DownloadButton = ({ busy, onClick }: { busy: boolean; onClick: () => void }) => {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      disabled={busy}
      onClick={onClick}
    >
      {translate("slotdesk.turnover.download")}
    </Button>
  );
};

export const NomenclatureButton = ({ onClick }: { onClick: () => void }) => {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<HelpOutlineIcon />} onClick={onClick}>
      {translate("slotdesk.turnover.nomenclature")}
    </Button>
  );
};
