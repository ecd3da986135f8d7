/**
 * Entrega de turno (seed 001 §2.1, §2.4, §2.5, §4.3), the default view: every match of the stored
 * date range in a DataGrid, with the 'Visualizar' filter, local/UTC times, quick search, CSV
 * download, the legend, bulk selection for the drafts, Admin's AT correction, and the match
 * viewer on a row click.
 *
 * Every row of the range is one scrolling list (the team scrolls a whole shift's 6,000 rows):
 * the community DataGrid caps client pages at 100 rows, but in `paginationMode="server"` it shows
 * every row it is given — all of them, since the server answers the whole range — and still
 * virtualises rows and columns and sorts and filters on the client.
 */
import { useColumnChoice } from "./useColumnChoice";
import { Alert, Box, Typography } from "@mui/material";
import {
  createRowSelectionManager,
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridCellParams,
  type GridRowId,
  type GridRowSelectionModel,
} from "@mui/x-data-grid";
import { esES } from "@mui/x-data-grid/locales";
import { type KeyboardEvent, lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { downloadTurnover } from "../../client/queries/turnover";
import { useCapability } from "../../client/auth/capabilities";
import { useAirportChoice } from "../../client/airport/useAirport";
import { useStoredRange, useStoredZone, writeStoredZone } from "../../client/dates/rangeStorage";
import {
  type HeldDraftKinds,
  rowDateTimes,
  type ShownZone,
  shownZone,
  type TimeZoneMode,
  toDownloadFilters,
  type VisibilityFilters,
} from "../../domain/turnover";
import { readStoredFilters, storeFilters } from "../../client/queries/turnoverRequest";
import { BulkSelectionMenu } from "./BulkSelectionMenu";
import { buildColumns } from "./columns";
import { saveDownload } from "../../client/files/download";
import type { TurnoverRow } from "../../client/status/statusDisplay";
import { DownloadButton, NomenclatureButton, RefreshControl, SearchField, ZoneToggle } from "./TurnoverToolbar";
import { TurnoverFooter } from "./TurnoverFooter";
import { useTurnoverRows } from "./useTurnoverRows";
import { VisibilityFilter } from "./VisibilityFilter";
import { MatchViewer } from "../match-viewer";

/** The Admin's real-dates editor (date-time pickers) loads when first opened, not with the table. */
const RealDatesEditor = lazy(() => import("./RealDatesEditor").then((module) => ({ default: module.RealDatesEditor })));
/** The legend (its tables) loads when first asked for. */
const NomenclatureDialog = lazy(() => import("./NomenclatureDialog").then((module) => ({ default: module.NomenclatureDialog })));

const NO_IDS: ReadonlySet<GridRowId> = new Set();
const GRID_LOCALE = esES.components.MuiDataGrid.defaultProps.localeText;
const GRID_SX = {
  "& .MuiDataGrid-row": { cursor: "pointer" },
  // A row another user just changed (a live update), marked for a few seconds.
  "& .MuiDataGrid-row.live-changed": { bgcolor: "warning.light", transition: "background-color 0.6s" },
} as const;
const GRID_SLOTS = { footer: TurnoverFooter };
/**
 * While the first rows are on their way, a progress bar under the headers rather than a
 * screenful of skeleton cells, drawn only to be replaced (issue 35).
 */
const LOADING_OVERLAY = { variant: "linear-progress", noRowsVariant: "linear-progress" } as const;

/** Lower-case text without accents, for the quick search. */
const fold = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/** What the quick search looks in: the row's texts and the dates it shows in the zone. */
const searchText = (row: TurnoverRow, zone: ShownZone): string => {
  const { flight, slot } = rowDateTimes(row, zone.timeZone);
  return fold(
    [
      row.id,
      row.season,
      row.flight_name,
      row.flight_route,
      row.flight_register,
      row.flight_status,
      row.flight_type,
      row.slot_name,
      row.slot_route,
      row.slot_status === "S" ? "SOBC" : row.slot_status,
      row.slot_type,
      row.general_status,
      flight?.date,
      slot?.date,
    ]
      .filter((part) => part !== null && part !== undefined)
      .join(" "),
  );
};

const TurnoverView = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const range = useStoredRange();
  // The chosen airport's rows (issue 37); LOCAL is its zone.
  const { airport, settled } = useAirportChoice();
  // The LOCAL/UTC toggle is shared with the date-range bar: the range's days are days of this zone.
  const mode = useStoredZone();
  const zone = useMemo(() => shownZone(mode, airport.timeZone), [mode, airport.timeZone]);
  const setZone = useCallback((next: TimeZoneMode) => writeStoredZone(next, new Date(), airport.timeZone), [airport.timeZone]);
  const [filters, setFilters] = useState<VisibilityFilters>(readStoredFilters);
  const { rows, loading, error, lastUpdate, reload, changedIds } = useTurnoverRows(range, zone, airport.code, filters, settled);
  const rowClassName = useCallback(
    (params: { id: GridRowId }) => (typeof params.id === "number" && changedIds.has(params.id) ? "live-changed" : ""),
    [changedIds],
  );
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  /**
   * The selected row ids, kept apart from the search: a row the search hides stays selected, and
   * the bulk actions act on it too (the menu and the footer say how many are hidden).
   */
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<GridRowId>>(NO_IDS);
  // As before the search kept the selection: new rows (a new range, a filter, a refresh) drop the
  // selected ids they no longer hold. Adjusted while rendering, so no render shows a stale selection.
  const [selectionRows, setSelectionRows] = useState(rows);
  const [selectionAirport, setSelectionAirport] = useState(airport.code);
  if (selectionAirport !== airport.code) {
    // Another airport (issue 37): nothing selected at the last one is carried over.
    setSelectionAirport(airport.code);
    if (selectedIds.size > 0) setSelectedIds(NO_IDS);
  } else if (selectionRows !== rows) {
    setSelectionRows(rows);
    // Nothing selected, nothing to drop: a live patch of a month's rows builds no set of its ids.
    if (selectedIds.size > 0) {
      const present = new Set<GridRowId>(rows.map((row) => row.id));
      const kept = [...selectedIds].filter((id) => present.has(id));
      if (kept.length !== selectedIds.size) setSelectedIds(new Set(kept));
    }
  }
  const [viewerId, setViewerId] = useState<number | null>(null);
  const [realDatesRow, setRealDatesRow] = useState<TurnoverRow | null>(null);
  const [legendOpen, setLegendOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const canEditRealDates = useCapability("realDates");
  const draftNew = useCapability("draftNew");
  const draftModify = useCapability("draftModify");
  const draftCancel = useCapability("draftCancel");
  const held = useMemo<HeldDraftKinds>(
    () => ({ new: draftNew, modify: draftModify, cancel: draftCancel }),
    [draftNew, draftModify, draftCancel],
  );
  const canSelect = draftNew || draftModify || draftCancel;

  const columns = useMemo(
    () => buildColumns({ zone, translate, onEditRealDates: canEditRealDates ? setRealDatesRow : undefined }),
    [zone, translate, canEditRealDates],
  );
  // The flight pinned at the left and the person's saved column choice (issue 36 item 10).
  const columnChoice = useColumnChoice(columns, canSelect);

  // Each row's search text is built once per rows and zone, when the first search is typed: a
  // season's rows show without it.
  const searching = deferredSearch.trim() !== "";
  const searchable = useMemo(() => (searching ? rows.map((row) => ({ row, text: searchText(row, zone) })) : null), [searching, rows, zone]);
  const visibleRows = useMemo(() => {
    const query = fold(deferredSearch.trim());
    if (!query || !searchable) return rows;
    return searchable.filter((entry) => entry.text.includes(query)).map((entry) => entry.row);
  }, [rows, searchable, deferredSearch]);

  /** Every selected row, the ones the search hides included. */
  const selectedRows = useMemo(() => rows.filter((row) => selectedIds.has(row.id)), [rows, selectedIds]);
  const hiddenSelected = selectedRows.length - visibleRows.filter((row) => selectedIds.has(row.id)).length;
  const selection = useMemo<GridRowSelectionModel>(() => ({ type: "include", ids: new Set(selectedIds) }), [selectedIds]);

  /** The grid decides only for the rows it shows; the rows the search hides keep their state. */
  const changeSelection = useCallback(
    (model: GridRowSelectionModel) => {
      const manager = createRowSelectionManager(model);
      const shown = new Set<GridRowId>(visibleRows.map((row) => row.id));
      const next = new Set([...selectedIds].filter((id) => !shown.has(id)));
      for (const row of visibleRows) if (manager.has(row.id)) next.add(row.id);
      setSelectedIds(next);
    },
    [visibleRows, selectedIds],
  );

  const localeText = useMemo(
    () => ({
      ...GRID_LOCALE,
      noRowsLabel: translate("slotdesk.turnover.empty"),
      noResultsLabel: translate("slotdesk.turnover.empty"),
    }),
    [translate],
  );

  const clearSelection = useCallback(() => setSelectedIds(NO_IDS), []);

  // The grid is memoised: what it is given stays the same object while it means the same, so a
  // render of the view (the toolbar's state, a query's flags) does not draw the grid again.
  const { pinSx } = columnChoice;
  const gridSx = useMemo(() => ({ ...GRID_SX, ...pinSx }), [pinSx]);
  const shownCount = visibleRows.length;
  const totalCount = rows.length;
  const selectedCount = selectedRows.length;
  const gridSlotProps = useMemo(
    () => ({
      footer: { shown: shownCount, total: totalCount, selected: selectedCount, hiddenSelected },
      loadingOverlay: LOADING_OVERLAY,
    }),
    [shownCount, totalCount, selectedCount, hiddenSelected],
  );

  const applyFilters = useCallback((next: VisibilityFilters) => {
    storeFilters(next);
    setFilters(next);
  }, []);

  const openMatch = useCallback((params: GridCellParams<TurnoverRow>) => {
    if (params.field === GRID_CHECKBOX_SELECTION_COL_DEF.field) return;
    setViewerId(params.row.id);
  }, []);

  const openMatchOnEnter = useCallback(
    (params: GridCellParams<TurnoverRow>, event: KeyboardEvent) => {
      if (event.key === "Enter") openMatch(params);
    },
    [openMatch],
  );

  const download = async () => {
    setDownloading(true);
    try {
      const { data, response } = await downloadTurnover({
        start: range.start,
        end: range.end,
        time_zone: zone.timeZone,
        airport: airport.code,
        filters: toDownloadFilters(filters),
      });
      if (!data) {
        notify("slotdesk.turnover.download_failed", { type: "error" });
        return;
      }
      saveDownload(data, response, translate("slotdesk.turnover.download_file_name"));
      notify("slotdesk.turnover.downloaded", { type: "success" });
    } catch {
      notify("slotdesk.turnover.download_failed", { type: "error" });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 420, gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", columnGap: 2, rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {translate("slotdesk.views.turnover")}
        </Typography>
        <RefreshControl loading={loading} lastUpdate={lastUpdate} zone={zone} onRefresh={reload} />
        <Box sx={{ flex: 1 }} />
        <ZoneToggle mode={mode} localZone={airport.timeZone} onChange={setZone} />
        <SearchField value={search} onChange={setSearch} />
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        {canSelect ? (
          <BulkSelectionMenu
            selected={selectedRows}
            hidden={hiddenSelected}
            held={held}
            zone={zone}
            onAdded={clearSelection}
            onClearSelection={clearSelection}
          />
        ) : null}
        <Box sx={{ flex: 1 }} />
        <VisibilityFilter value={filters} onApply={applyFilters} />
        <DownloadButton busy={downloading} onClick={() => void download()} />
        <NomenclatureButton onClick={() => setLegendOpen(true)} />
      </Box>
      {error ? (
        <Alert severity="error" variant="outlined">
          {error}
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataGrid<TurnoverRow>
          rows={visibleRows}
          columns={columnChoice.columns}
          {...columnChoice.gridProps}
          loading={loading}
          density="compact"
          checkboxSelection={canSelect}
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={changeSelection}
          keepNonExistentRowsSelected
          disableRowSelectionExcludeModel
          getRowClassName={rowClassName}
          onCellClick={openMatch}
          onCellKeyDown={openMatchOnEnter}
          paginationMode="server"
          rowCount={visibleRows.length}
          hideFooterPagination
          slots={GRID_SLOTS}
          slotProps={gridSlotProps}
          localeText={localeText}
          aria-label={translate("slotdesk.views.turnover")}
          sx={gridSx}
        />
      </Box>
      {legendOpen ? (
        <Suspense fallback={null}>
          <NomenclatureDialog open onClose={() => setLegendOpen(false)} />
        </Suspense>
      ) : null}
      {realDatesRow ? (
        <Suspense fallback={null}>
          <RealDatesEditor row={realDatesRow} zone={zone} onClose={() => setRealDatesRow(null)} />
        </Suspense>
      ) : null}
      <MatchViewer matchId={viewerId} zone={mode} onClose={() => setViewerId(null)} onChanged={reload} />
    </Box>
  );
};

export default TurnoverView;
