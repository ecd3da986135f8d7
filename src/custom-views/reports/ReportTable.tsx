/**
 * One report's table (seed 001 §2.7): the seed's columns for the report's type, row height 32,
 * 50 rows a page; rows added by hand carry a 'Nuevo' chip. Selection (for deleting) only for the
 * roles that may delete. The rows just added (`highlighted`) stand out, and the table goes to the
 * page of the first and scrolls it into view (issue 24 item 8): they are at the report's end.
 */
import { Chip } from "@mui/material";
import { alpha } from "@mui/material/styles";
import { DataGrid, type GridColDef, type GridRowSelectionModel, useGridApiRef } from "@mui/x-data-grid";
import { esES } from "@mui/x-data-grid/locales";
import { useEffect, useMemo } from "react";
import { useTranslate } from "react-admin";
import { reportColumns } from "../../domain/reports/columnTexts";
import { formatDate } from "../../domain/dateRange";
import { clock, type ReportColumn } from "../../domain/reports";
import { type IanaZone, type TimeZoneMode, zoneAt } from "../../domain/zones";
import { cellOf, type ReportRow, rowKey } from "./rows";
import "../../client/i18n/reportsTexts";

const GRID_LOCALE = esES.components.MuiDataGrid.defaultProps.localeText;
export const REPORT_PAGE_SIZE = 50;
export const REPORT_ROW_HEIGHT = 32;
const ADDED_CLASS = "report-row-added";
const NONE: ReadonlySet<string> = new Set();

const headerOf = (field: string): string => Object.entries(reportColumns).find(([key]) => key === field)?.[1] ?? field;

export interface ReportTableProps {
  rows: readonly ReportRow[];
  columns: readonly ReportColumn[];
  zone: TimeZoneMode;
  /** The report's airport's zone: LOCAL (issue 37). */
  airportZone: IanaZone;
  loading: boolean;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (keys: Set<string>) => void;
  onOpen?: (row: ReportRow) => void;
  label: string;
  /** Keys of the rows just added by hand: marked, and the first one brought into view. */
  highlighted?: ReadonlySet<string>;
}

export const ReportTable = ({
  rows,
  columns,
  zone,
  airportZone,
  loading,
  selectable,
  selected,
  onSelect,
  onOpen,
  label,
  highlighted = NONE,
}: ReportTableProps) => {
  const translate = useTranslate();
  const apiRef = useGridApiRef();
  // The highlighted row and where the report has it: only a newly highlighted row (or one the
  // report moved) moves the table, not every reload of the same rows.
  const revealKey = useMemo(() => rows.map(rowKey).find((key) => highlighted.has(key)) ?? null, [rows, highlighted]);
  const reportIndex = useMemo(() => (revealKey === null ? -1 : rows.map(rowKey).indexOf(revealKey)), [rows, revealKey]);
  useEffect(() => {
    const api = apiRef.current;
    if (revealKey === null || !api) return;
    // Where the grid shows it (after the user's sort), else where the report has it.
    const sorted = api.getSortedRowIds().map(String);
    const index = sorted.includes(revealKey) ? sorted.indexOf(revealKey) : reportIndex;
    if (index < 0) return;
    api.setPage(Math.floor(index / REPORT_PAGE_SIZE));
    // Scrolled once the page shows.
    const timer = window.setTimeout(() => apiRef.current?.scrollToIndexes({ rowIndex: index }), 0);
    return () => window.clearTimeout(timer);
  }, [apiRef, revealKey, reportIndex]);
  const gridColumns = useMemo<GridColDef<ReportRow>[]>(() => {
    const text = (value: unknown, kind: ReportColumn["kind"]): string => {
      if (value === null || value === undefined) return "";
      if (kind === "date" && typeof value === "string") return formatDate(value);
      if (kind === "instant" && typeof value === "string") {
        const at = clock(Date.parse(value), zoneAt(zone, airportZone));
        return `${formatDate(at.day)} ${at.time}`;
      }
      if (kind === "flag") return value === true ? translate("slotdesk.reports.yes") : translate("slotdesk.reports.no");
      return String(value);
    };
    return [
      {
        field: "status_new",
        headerName: "",
        width: 72,
        sortable: false,
        renderCell: ({ row }) =>
          row.status_new === "new" ? <Chip size="small" color="info" label={translate("slotdesk.reports.new_row")} /> : null,
      },
      ...columns.map<GridColDef<ReportRow>>((column) => ({
        field: column.field,
        headerName: headerOf(column.field),
        width: Math.max(80, column.width * 8 + 16),
        type: column.kind === "number" ? "number" : "string",
        valueGetter: (_value, row) => cellOf(row, column.field),
        valueFormatter: (value: unknown) => text(value, column.kind),
      })),
    ];
  }, [columns, zone, airportZone, translate]);

  const selection = useMemo<GridRowSelectionModel>(() => ({ type: "include", ids: new Set(selected) }), [selected]);
  const localeText = useMemo(
    () => ({ ...GRID_LOCALE, noRowsLabel: translate("slotdesk.reports.empty"), noResultsLabel: translate("slotdesk.reports.empty") }),
    [translate],
  );

  return (
    <DataGrid<ReportRow>
      apiRef={apiRef}
      aria-label={label}
      rows={rows}
      columns={gridColumns}
      getRowId={rowKey}
      loading={loading}
      rowHeight={REPORT_ROW_HEIGHT}
      columnHeaderHeight={40}
      initialState={{ pagination: { paginationModel: { pageSize: REPORT_PAGE_SIZE, page: 0 } } }}
      pageSizeOptions={[REPORT_PAGE_SIZE]}
      getRowClassName={({ id }) => (highlighted.has(String(id)) ? ADDED_CLASS : "")}
      checkboxSelection={selectable}
      disableRowSelectionOnClick
      rowSelectionModel={selection}
      onRowSelectionModelChange={(model) =>
        onSelect(
          model.type === "include"
            ? new Set([...model.ids].map(String))
            : new Set(rows.map(rowKey).filter((key) => !model.ids.has(key))),
        )
      }
      onRowClick={onOpen ? ({ row }) => onOpen(row) : undefined}
      localeText={localeText}
      density="compact"
      sx={{
        flex: 1,
        minHeight: 300,
        [`& .${ADDED_CLASS}`]: { bgcolor: (theme) => alpha(theme.palette.info.main, 0.14) },
        ...(onOpen ? { "& .MuiDataGrid-row": { cursor: "pointer" } } : {}),
      }}
    />
  );
};
