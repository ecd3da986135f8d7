/**
 * The toolbar of Reportes (seed 001 §2.7): season, time zone (ZULU or LOCAL), download, and the
 * editors' 'Eliminar' and 'Añadir registro'. `scheduleControls` is where the daily frequency, the
 * schedule popover, the send-to contact and the send button go (issue 14 items 4–5, built apart).
 * Its fields are not `fullWidth` (react-admin's theme makes every FormControl so), so the toolbar
 * stays one or two lines and leaves the table its height.
 */
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import { Box, Button, FormControl, InputLabel, MenuItem, Select, Tooltip } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslate } from "react-admin";
import type { ReportTimeZone } from "../../domain/reports";
import type { components } from "../../generated/openapi";
import "../../client/i18n/reportsTexts";

type Season = components["schemas"]["Season"];

export interface ReportToolbarProps {
  seasons: readonly Season[];
  season: Season | null;
  onSeason: (season: Season | null) => void;
  timezone: ReportTimeZone;
  onTimezone: (timezone: ReportTimeZone) => void;
  downloading: boolean;
  canDownload: boolean;
  onDownload: () => void;
  /** Set for Admin, Slot and Seguimiento (seed 001 §6): delete and add rows on screen. */
  /** Taking rows off the list and adding matches by hand ('Añadir registro': absent, not offered). */
  editing?: { selected: number; onDelete: () => void; onAdd?: () => void };
  /** The slot for the send controls: frequency, schedule popover, send-to, send button. */
  scheduleControls?: ReactNode;
}

export const ReportToolbar = ({
  seasons,
  season,
  onSeason,
  timezone,
  onTimezone,
  downloading,
  canDownload,
  onDownload,
  editing,
  scheduleControls,
}: ReportToolbarProps) => {
  const translate = useTranslate();
  const seasonLabel = useId();
  const zoneLabel = useId();
  return (
    <Box role="toolbar" aria-label={translate("slotdesk.views.reports")} sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
      <FormControl size="small" fullWidth={false} sx={{ minWidth: 130 }}>
        <InputLabel id={seasonLabel}>{translate("slotdesk.reports.season")}</InputLabel>
        <Select
          labelId={seasonLabel}
          label={translate("slotdesk.reports.season")}
          value={season && seasons.some((s) => s.id === season.id) ? String(season.id) : "all"}
          onChange={(event) => onSeason(seasons.find((s) => String(s.id) === event.target.value) ?? null)}
        >
          <MenuItem value="all">{translate("slotdesk.reports.all_seasons")}</MenuItem>
          {seasons.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Tooltip title={translate("slotdesk.reports.zone_hint")} placement="top">
        <FormControl size="small" fullWidth={false} sx={{ minWidth: 120 }}>
          <InputLabel id={zoneLabel}>{translate("slotdesk.reports.time_zone")}</InputLabel>
          <Select<ReportTimeZone>
            labelId={zoneLabel}
            label={translate("slotdesk.reports.time_zone")}
            value={timezone}
            onChange={(event) => onTimezone(event.target.value === "zulu" ? "zulu" : "local")}
          >
            <MenuItem value="zulu">{translate("slotdesk.reports.zulu")}</MenuItem>
            <MenuItem value="local">{translate("slotdesk.reports.local")}</MenuItem>
          </Select>
        </FormControl>
      </Tooltip>
      {/* reports-send (issue 14 items 4–5): frequency 1–3, schedule popover, send-to and send button. */}
      {scheduleControls}
      <Box sx={{ flex: 1 }} />
      {editing ? (
        <>
          <Button startIcon={<DeleteIcon />} color="error" variant="outlined" disabled={editing.selected === 0} onClick={editing.onDelete}>
            {translate("slotdesk.reports.delete")}
          </Button>
          {editing.onAdd ? (
            <Button startIcon={<AddIcon />} variant="outlined" onClick={editing.onAdd}>
              {translate("slotdesk.reports.add")}
            </Button>
          ) : null}
        </>
      ) : null}
      <Button startIcon={<DownloadIcon />} variant="contained" disabled={!canDownload || downloading} onClick={onDownload}>
        {translate("slotdesk.reports.download")}
      </Button>
    </Box>
  );
};
