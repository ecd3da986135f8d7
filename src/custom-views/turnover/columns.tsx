/**
 * The columns of Entrega de turno (seed 001 §2.1), in the seed's order. Built once per time-zone
 * mode and role; every cell is plain text or one small chip, so a page of 100 rows stays cheap.
 * Date and time cells sort by the instant, not by the text.
 */
import EditCalendarIcon from "@mui/icons-material/EditCalendar";
import { Box, IconButton, Tooltip } from "@mui/material";
import { type GridColDef, GridColumnHeaderTitle, type GridColumnHeaderParams, type GridRenderCellParams } from "@mui/x-data-grid";
import {
  compareDifferences,
  dayOffset,
  instantMs,
  rowDateTimes,
  slotMs,
  type IanaZone,
  type ShownZone,
} from "../../domain/turnover";
import { zonedDateTime } from "../../domain/zones";
import {
  DifferenceChip,
  flightStatusLabelKey,
  GeneralStatusChip,
  generalStatusLabelKey,
  slotStatusCode,
  slotStatusLabelKey,
  type TurnoverRow,
} from "../../client/status/statusDisplay";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ColumnOptions {
  zone: ShownZone;
  translate: Translate;
  /** Set for the roles that may correct the real dates (Admin): the AT cell gets an edit button. */
  onEditRealDates?: (row: TurnoverRow) => void;
}

/** "HH:mm", with "+1"/"-1" when the instant falls on another day than `reference` in the zone. */
function timeWithOffset(ms: number | null, referenceMs: number | null, zone: IanaZone): string {
  if (ms === null) return "";
  // HH:mm through the zone's kept offsets (zones.ts), not a TZDate and a date-fns format per cell.
  const time = zonedDateTime(ms, zone).time;
  if (referenceMs === null) return time;
  const offset = dayOffset(ms, referenceMs, zone);
  return offset === 0 ? time : `${time} ${offset > 0 ? "+" : ""}${offset}`;
}

/** Numbers sort numerically with blanks last, in both directions. */
const nullsLastComparator = (direction: "asc" | "desc" | null | undefined) => (a: unknown, b: unknown) =>
  compareDifferences(typeof a === "number" ? a : null, typeof b === "number" ? b : null, direction === "desc" ? "desc" : "asc");

const instantColumn = (
  field: string,
  headerName: string,
  getMs: (row: TurnoverRow) => number | null,
  format: (ms: number | null, row: TurnoverRow) => string,
  width = 88,
): GridColDef<TurnoverRow> => ({
  field,
  headerName,
  width,
  type: "number",
  align: "left",
  headerAlign: "left",
  valueGetter: (_value, row) => getMs(row),
  valueFormatter: (value, row) => format(typeof value === "number" ? value : null, row),
  getSortComparator: nullsLastComparator,
});

const differenceColumn = (
  field: "scheduled_difference" | "real_difference",
  headerName: string,
  classOf: (row: TurnoverRow) => TurnoverRow["scheduled_class"],
): GridColDef<TurnoverRow> => ({
  field,
  headerName,
  width: 118,
  type: "number",
  align: "left",
  headerAlign: "left",
  getSortComparator: nullsLastComparator,
  // The chip shows the minutes; the grid's default number text (toLocaleString, a formatter per
  // cell) cost a first screen tens of milliseconds for a text nobody sees (issue 35).
  valueFormatter: (value: number | null) => (value === null ? "" : String(value)),
  renderCell: ({ value, row }: GridRenderCellParams<TurnoverRow, number | null>) => (
    <DifferenceChip minutes={value ?? null} difference={classOf(row)} />
  ),
});

/** Columns whose full header does not fit their width at 1024 px: a narrower label is shown. */
const SHORT_LABELS: Readonly<Partial<Record<string, string>>> = {
  season: "slotdesk.turnover.columns_short.season",
  flight_status: "slotdesk.turnover.columns_short.flight_status",
  slot_status: "slotdesk.turnover.columns_short.slot_status",
  scheduled_difference: "slotdesk.turnover.columns_short.scheduled_difference",
  general_status: "slotdesk.turnover.columns_short.general_status",
  has_codes: "slotdesk.turnover.columns_short.has_codes",
};

/** Columns of dates and times, read in the chosen zone. */
const ZONED_FIELDS: ReadonlySet<string> = new Set(["flight_date", "flight_scheduled", "flight_estimated", "flight_real", "slot_date", "slot_time"]);

/**
 * Every header keeps the seed's text as its name (column menu, CSV) and in a tooltip; a column too
 * narrow for it shows a shorter label, and the date and time columns say their zone under the
 * label, so a table in UTC says so (issue 11, items 4 and 6).
 */
function withHeader(column: GridColDef<TurnoverRow>, translate: Translate, zoneName: string): GridColDef<TurnoverRow> {
  const full = column.headerName ?? column.field;
  const shortKey = SHORT_LABELS[column.field];
  const zoned = ZONED_FIELDS.has(column.field);
  const description = zoned ? translate("slotdesk.turnover.zoned_header", { column: full, zone: zoneName }) : full;
  if (!shortKey && !zoned) return { ...column, description };
  const label = shortKey ? translate(shortKey) : full;
  return {
    ...column,
    description,
    renderHeader: ({ colDef }: GridColumnHeaderParams<TurnoverRow>) =>
      zoned ? (
        <Tooltip title={description}>
          <Box sx={{ display: "flex", flexDirection: "column", minWidth: 0, lineHeight: 1.1 }}>
            <Box component="span" className="MuiDataGrid-columnHeaderTitle" sx={{ fontWeight: 500, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
              {label}
            </Box>
            <Box component="span" data-testid="column-zone" sx={{ fontSize: 11, color: "text.secondary", whiteSpace: "nowrap" }}>
              {zoneName}
            </Box>
          </Box>
        </Tooltip>
      ) : (
        <GridColumnHeaderTitle label={label} description={description} columnWidth={colDef.computedWidth} />
      ),
  };
}

export function buildColumns(options: ColumnOptions): GridColDef<TurnoverRow>[] {
  const zoneName = options.translate(options.zone.mode === "utc" ? "slotdesk.turnover.utc" : "slotdesk.turnover.local");
  return baseColumns(options).map((column) => withHeader(column, options.translate, zoneName));
}

function baseColumns({ zone, translate, onEditRealDates }: ColumnOptions): GridColDef<TurnoverRow>[] {
  const scheduled = (row: TurnoverRow) => instantMs(row.flight_scheduled);
  const slot = (row: TurnoverRow) => slotMs(row.slot_date, row.slot_time);
  // The flight's and the slot's dates and times in the zone, as the match viewer and the CSV show them.
  const { timeZone } = zone;
  const shown = (row: TurnoverRow) => rowDateTimes(row, timeZone);

  const atColumn = instantColumn("flight_real", translate("slotdesk.turnover.columns.at"), (row) => instantMs(row.flight_real), (ms, row) =>
    timeWithOffset(ms, scheduled(row), timeZone),
  );
  if (onEditRealDates) {
    atColumn.renderCell = ({ formattedValue, row }: GridRenderCellParams<TurnoverRow>) => (
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.25, height: "100%" }}>
        <span>{typeof formattedValue === "string" ? formattedValue : ""}</span>
        {row.flight_id !== null ? (
          <IconButton
            size="small"
            aria-label={translate("slotdesk.turnover.real_dates.edit", { flight: row.flight_name ?? row.id })}
            onClick={(event) => {
              event.stopPropagation();
              onEditRealDates(row);
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            <EditCalendarIcon sx={{ fontSize: 16 }} />
          </IconButton>
        ) : null}
      </Box>
    );
  }

  // The seed's columns, in an order that keeps what the shift hands over — the differences and
  // the general status — on screen at 1366 px (issue 24 item 2): the flight, the differences, the
  // slot, then the record number and the season. The downloads keep the seed's order.
  return [
    {
      field: "is_arrival",
      headerName: translate("slotdesk.turnover.columns.direction"),
      width: 52,
      valueGetter: (_value, row) => translate(row.is_arrival ? "slotdesk.turnover.arrival" : "slotdesk.turnover.departure"),
    },
    {
      field: "flight_status",
      headerName: translate("slotdesk.turnover.columns.flight_status"),
      width: 92,
      renderCell: ({ row }: GridRenderCellParams<TurnoverRow>) =>
        row.flight_status ? <span title={translate(flightStatusLabelKey(row.flight_status))}>{row.flight_status}</span> : null,
    },
    { field: "flight_name", headerName: translate("slotdesk.turnover.columns.flight_name"), width: 92 },
    { field: "flight_route", headerName: translate("slotdesk.turnover.columns.flight_route"), width: 92 },
    instantColumn("flight_date", translate("slotdesk.turnover.columns.flight_date"), scheduled, (_ms, row) => shown(row).flight?.date ?? "", 96),
    instantColumn("flight_scheduled", translate("slotdesk.turnover.columns.st"), scheduled, (_ms, row) => shown(row).flight?.time ?? "", 70),
    instantColumn("flight_estimated", translate("slotdesk.turnover.columns.et"), (row) => instantMs(row.flight_estimated), (ms, row) =>
      timeWithOffset(ms, scheduled(row), timeZone),
    ),
    atColumn,
    { field: "flight_register", headerName: translate("slotdesk.turnover.columns.register"), width: 92 },
    differenceColumn("scheduled_difference", translate("slotdesk.turnover.columns.scheduled_difference"), (row) => row.scheduled_class),
    differenceColumn("real_difference", translate("slotdesk.turnover.columns.real_difference"), (row) => row.real_class),
    {
      field: "general_status",
      headerName: translate("slotdesk.turnover.columns.general_status"),
      width: 108,
      renderCell: ({ row }: GridRenderCellParams<TurnoverRow>) => <GeneralStatusChip status={row.general_status} />,
      valueFormatter: (_value, row) => translate(generalStatusLabelKey(row.general_status)),
    },
    {
      field: "has_codes",
      headerName: translate("slotdesk.turnover.columns.has_codes"),
      width: 118,
      valueGetter: (_value, row) => translate(row.has_codes ? "slotdesk.turnover.yes" : "slotdesk.turnover.no"),
    },
    {
      field: "slot_status",
      headerName: translate("slotdesk.turnover.columns.slot_status"),
      width: 86,
      valueGetter: (_value, row) => (row.slot_status ? slotStatusCode(row.slot_status) : null),
      renderCell: ({ row }: GridRenderCellParams<TurnoverRow>) =>
        row.slot_status ? (
          <span title={translate(slotStatusLabelKey(row.slot_status))}>{slotStatusCode(row.slot_status)}</span>
        ) : null,
    },
    { field: "slot_name", headerName: translate("slotdesk.turnover.columns.slot_name"), width: 92 },
    { field: "slot_route", headerName: translate("slotdesk.turnover.columns.slot_route"), width: 86 },
    instantColumn("slot_date", translate("slotdesk.turnover.columns.slot_date"), slot, (_ms, row) => shown(row).slot?.date ?? "", 96),
    instantColumn("slot_time", translate("slotdesk.turnover.columns.slot_time"), slot, (_ms, row) => shown(row).slot?.time ?? "", 78),
    { field: "slot_type", headerName: translate("slotdesk.turnover.columns.slot_type"), width: 60 },
    {
      field: "id",
      headerName: translate("slotdesk.turnover.columns.id"),
      width: 82,
      type: "number",
      align: "left",
      headerAlign: "left",
      // A record number, not a quantity: no thousands separator.
      valueFormatter: (value: number) => String(value),
    },
    { field: "season", headerName: translate("slotdesk.turnover.columns.season"), width: 74 },
  ];
}

/** `yyyy-MM-dd` → `dd/MM/yyyy` (kept here for its many importers; the rule lives in the domain). */
export { formatDate } from "../../domain/dateRange";
