/**
 * 'Añadir registro' (seed 001 §2.7): a filter toolbar — flights (comma-separated integers), hour
 * range (HH:MM, default 00:00–23:55), frequency (days 1–7, 'Todas' exclusive; none means all),
 * slot type L or S (default L) — over `GET /api/reports/add_records/`, a selectable table of 25,
 * 50 or 100 rows a page (25 first) and 'Agregar', which adds the chosen matches to the report.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { DataGrid, type GridColDef, type GridRowSelectionModel } from "@mui/x-data-grid";
import { esES } from "@mui/x-data-grid/locales";
import { useId, useMemo, useState } from "react";
import { useTranslate } from "react-admin";
import { useSearchAddRecords } from "../../client/queries/reports";
import { failureText } from "../../client/queries/request";
import type { DateRange } from "../../domain/dateRange";
import { DEFAULT_HOUR_RANGE, type ReportAddRecord, type ReportTimeZone } from "../../domain/reports";
import { formatDate } from "../../domain/dateRange";
import "../../client/i18n/reportsTexts";

const GRID_LOCALE = esES.components.MuiDataGrid.defaultProps.localeText;
export const ADD_RECORD_PAGE_SIZES = [25, 50, 100];

/** HH:MM with four digits, hour below 24 and minute below 60 (seed 001 §2.7). */
export const isHourText = (text: string): boolean => /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(text);
const FLIGHTS = /^\s*([0-9]{1,5}\s*(,\s*[0-9]{1,5}\s*)*)?$/;
const DAYS = [1, 2, 3, 4, 5, 6, 7];
/** 'Todas' is the value 0 of the seed's frequency list. */
const ALL_DAYS = 0;

/** The frequency after a change: 'Todas' clears the days, a day clears 'Todas'. */
export function nextFrequency(previous: readonly number[], chosen: readonly number[]): number[] {
  const added = chosen.filter((day) => !previous.includes(day));
  if (added.includes(ALL_DAYS)) return [ALL_DAYS];
  return chosen.filter((day) => day !== ALL_DAYS);
}

export interface AddRecordDialogProps {
  open: boolean;
  /** The report's airport: the matches offered are its own. */
  airport: string;
  range: DateRange;
  timezone: ReportTimeZone;
  onClose: () => void;
  onAdd: (ids: number[]) => void;
}

export const AddRecordDialog = ({ open, airport, range, timezone, onClose, onAdd }: AddRecordDialogProps) => {
  const translate = useTranslate();
  const searchAddRecords = useSearchAddRecords();
  const frequencyLabel = useId();
  const [flights, setFlights] = useState("");
  const [hourFrom, setHourFrom] = useState<string>(DEFAULT_HOUR_RANGE[0]);
  const [hourTo, setHourTo] = useState<string>(DEFAULT_HOUR_RANGE[1]);
  const [frequency, setFrequency] = useState<number[]>([]);
  const [slotType, setSlotType] = useState<"L" | "S">("L");
  const [records, setRecords] = useState<ReportAddRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pagination, setPagination] = useState({ pageSize: ADD_RECORD_PAGE_SIZES[0] ?? 25, page: 0 });

  const flightsValid = FLIGHTS.test(flights);
  const hoursValid = isHourText(hourFrom) && isHourText(hourTo);
  const canSearch = flightsValid && hoursValid && !loading;

  const search = async () => {
    setLoading(true);
    setError(null);
    try {
      const list = flights.replace(/\s/g, "");
      const days = frequency.filter((day) => day !== ALL_DAYS);
      const data = await searchAddRecords({
        start: range.start,
        end: range.end,
        timezone,
        airport,
        hour_range: `${hourFrom}-${hourTo}`,
        slot_type: slotType,
        ...(list ? { flights: list } : {}),
        ...(days.length ? { frequency: days.join(",") } : {}),
      });
      setRecords(data);
      setSelected(new Set());
      setPagination((model) => ({ ...model, page: 0 }));
    } catch (failure) {
      setError(translate("slotdesk.reports.add_dialog.load_failed", { message: failureText(failure) }));
    } finally {
      setLoading(false);
    }
  };

  const columns = useMemo<GridColDef<ReportAddRecord>[]>(
    () => [
      { field: "id", headerName: translate("slotdesk.reports.add_dialog.columns.id"), width: 90 },
      { field: "flight", headerName: translate("slotdesk.reports.add_dialog.columns.flight"), width: 100 },
      { field: "type", headerName: translate("slotdesk.reports.add_dialog.columns.type"), width: 70 },
      { field: "slot", headerName: translate("slotdesk.reports.add_dialog.columns.slot"), width: 80 },
      { field: "schedule", headerName: translate("slotdesk.reports.add_dialog.columns.schedule"), width: 120 },
      { field: "diff", headerName: translate("slotdesk.reports.add_dialog.columns.diff"), width: 80, type: "number" },
      {
        field: "date",
        headerName: translate("slotdesk.reports.add_dialog.columns.date"),
        width: 110,
        valueFormatter: (value: string) => formatDate(value),
      },
      { field: "airport", headerName: translate("slotdesk.reports.add_dialog.columns.airport"), width: 100 },
    ],
    [translate],
  );
  const selection = useMemo<GridRowSelectionModel>(() => ({ type: "include", ids: new Set(selected) }), [selected]);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="report-add-title">
      <DialogTitle id="report-add-title">{translate("slotdesk.reports.add_dialog.title")}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            if (canSearch) void search();
          }}
          sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-start", py: 1 }}
        >
          <TextField
            size="small"
            label={translate("slotdesk.reports.add_dialog.flights")}
            value={flights}
            onChange={(event) => setFlights(event.target.value)}
            error={!flightsValid}
            helperText={flightsValid ? translate("slotdesk.reports.add_dialog.flights_hint") : translate("slotdesk.reports.add_dialog.flights_invalid")}
            sx={{ width: 200 }}
          />
          <TextField
            size="small"
            label={translate("slotdesk.reports.add_dialog.hour_from")}
            value={hourFrom}
            onChange={(event) => setHourFrom(event.target.value)}
            error={!isHourText(hourFrom)}
            helperText={isHourText(hourFrom) ? " " : translate("slotdesk.reports.add_dialog.hour_invalid")}
            slotProps={{ htmlInput: { maxLength: 5, inputMode: "numeric" } }}
            sx={{ width: 150 }}
          />
          <TextField
            size="small"
            label={translate("slotdesk.reports.add_dialog.hour_to")}
            value={hourTo}
            onChange={(event) => setHourTo(event.target.value)}
            error={!isHourText(hourTo)}
            helperText={isHourText(hourTo) ? " " : translate("slotdesk.reports.add_dialog.hour_invalid")}
            slotProps={{ htmlInput: { maxLength: 5, inputMode: "numeric" } }}
            sx={{ width: 150 }}
          />
          <FormControl size="small" sx={{ width: 170 }}>
            <InputLabel id={frequencyLabel}>{translate("slotdesk.reports.add_dialog.frequency")}</InputLabel>
            <Select<number[]>
              multiple
              labelId={frequencyLabel}
              label={translate("slotdesk.reports.add_dialog.frequency")}
              value={frequency}
              onChange={(event) => {
                const value = event.target.value;
                const chosen = typeof value === "string" ? value.split(",").map(Number) : value;
                setFrequency(nextFrequency(frequency, chosen));
              }}
              renderValue={(days) => (days.includes(ALL_DAYS) ? translate("slotdesk.reports.add_dialog.all_days") : days.join(", "))}
            >
              <MenuItem value={ALL_DAYS}>
                <Checkbox size="small" checked={frequency.includes(ALL_DAYS)} />
                <ListItemText primary={translate("slotdesk.reports.add_dialog.all_days")} />
              </MenuItem>
              {DAYS.map((day) => (
                <MenuItem key={day} value={day}>
                  <Checkbox size="small" checked={frequency.includes(day)} />
                  <ListItemText primary={String(day)} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={slotType}
            aria-label={translate("slotdesk.reports.add_dialog.slot_type")}
            onChange={(_event, value: "L" | "S" | null) => {
              if (value) setSlotType(value);
            }}
          >
            <ToggleButton value="L">{translate("slotdesk.reports.add_dialog.arrival")}</ToggleButton>
            <ToggleButton value="S">{translate("slotdesk.reports.add_dialog.departure")}</ToggleButton>
          </ToggleButtonGroup>
          <Button type="submit" variant="outlined" disabled={!canSearch}>
            {translate("slotdesk.reports.add_dialog.search")}
          </Button>
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <Box sx={{ height: 460, display: "flex" }}>
          <DataGrid<ReportAddRecord>
            aria-label={translate("slotdesk.reports.add_dialog.title")}
            rows={records}
            columns={columns}
            loading={loading}
            rowHeight={32}
            checkboxSelection
            rowSelectionModel={selection}
            onRowSelectionModelChange={(model) =>
              setSelected(
                model.type === "include"
                  ? new Set([...model.ids].map(Number))
                  : new Set(records.map((r) => r.id).filter((id) => !model.ids.has(id))),
              )
            }
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            pageSizeOptions={ADD_RECORD_PAGE_SIZES}
            localeText={{ ...GRID_LOCALE, noRowsLabel: translate("slotdesk.reports.empty") }}
            density="compact"
            sx={{ flex: 1 }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("slotdesk.reports.add_dialog.close")}</Button>
        <Button
          variant="contained"
          disabled={selected.size === 0}
          onClick={() => {
            onAdd([...selected]);
            setSelected(new Set());
          }}
        >
          {translate("slotdesk.reports.add_dialog.add")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
