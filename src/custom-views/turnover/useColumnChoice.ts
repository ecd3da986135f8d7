/**
 * Entrega de turno's columns at 1366 px (issue 36 item 10): the flight ("Vuelo") pinned at the left
 * while the grid scrolls sideways, and the columns a person hides, saved for them on the server
 * (their preferences, `useOwnPreferences`) so their choice follows them to any browser.
 *
 * MUI X DataGrid's MIT edition (package.json) has no column pinning (a Pro feature), so the pin is
 * made here: the flight column comes first (after the selection boxes, as a pinned column shows),
 * and it and the boxes are `position: sticky` at the left. Sticky cells must always be drawn, so
 * the grid draws every column of the rows it shows (a column buffer wider than the columns: about
 * twenty columns of the visible rows; the rows stay virtualised). Choosing columns is MUI's own: a
 * column's menu ('Ocultar columna', 'Administrar columnas'); the grid is given these few props.
 */
import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from "@mui/x-data-grid";
import { GRID_CHECKBOX_SELECTION_COL_DEF } from "@mui/x-data-grid";
import { useCallback, useMemo } from "react";
import { useOwnPreferences, useSaveOwnPreferences } from "../../client/queries/preferences";

/** The pinned column: the flight. */
export const PINNED_FIELD = "flight_name";

const hiddenOf = (model: GridColumnVisibilityModel): string[] =>
  Object.entries(model)
    .filter(([field, shown]) => !shown && field !== PINNED_FIELD)
    .map(([field]) => field)
    .sort();

export function useColumnChoice<R extends GridValidRowModel>(columns: readonly GridColDef<R>[], withCheckbox: boolean) {
  const preferences = useOwnPreferences();
  const save = useSaveOwnPreferences();

  // The flight first, never hideable (it is what a row is).
  const ordered = useMemo<GridColDef<R>[]>(() => {
    const pinned = columns.find((column) => column.field === PINNED_FIELD);
    const rest = columns.filter((column) => column.field !== PINNED_FIELD);
    return pinned ? [{ ...pinned, hideable: false, cellClassName: "pinned-left", headerClassName: "pinned-left" }, ...rest] : rest;
  }, [columns]);

  const hidden = preferences.data?.turnover_hidden_columns;
  const columnVisibilityModel = useMemo<GridColumnVisibilityModel>(
    () => Object.fromEntries((hidden ?? []).map((field) => [field, false])),
    [hidden],
  );

  const version = preferences.data?.version;
  const { mutate } = save;
  const onColumnVisibilityModelChange = useCallback(
    (model: GridColumnVisibilityModel) => {
      if (version === undefined) return;
      const next = hiddenOf(model);
      if (next.join(",") === (hidden ?? []).join(",")) return;
      mutate({ turnover_hidden_columns: next, version });
    },
    [version, hidden, mutate],
  );

  const left = withCheckbox ? (GRID_CHECKBOX_SELECTION_COL_DEF.width ?? 50) : 0;
  // Props kept the same object between renders: the grid is memoised, and a new `sx` makes it
  // render again and its root's large style be serialised again (issue 35).
  const gridProps = useMemo(
    () => ({
      columnVisibilityModel,
      onColumnVisibilityModelChange,
      // Every column of the drawn rows (MIT's `disableColumnVirtualization` is not acted on in v8):
      // a buffer wider than all the columns together.
      columnBufferPx: 4000,
    }),
    [columnVisibilityModel, onColumnVisibilityModelChange],
  );
  const pinSx = useMemo(() => pinnedSx(left), [left]);

  return { columns: ordered, gridProps, pinSx };
}

function pinnedSx(left: number) {
  return {
    // The selection boxes and the flight stay at the left edge; what scrolls passes under them.
    "& .MuiDataGrid-cellCheckbox, & .MuiDataGrid-columnHeaderCheckbox": { position: "sticky", left: 0, zIndex: 3, bgcolor: "background.paper" },
    "& .pinned-left": {
      position: "sticky",
      left,
      zIndex: 3,
      bgcolor: "background.paper",
      borderRight: 1,
      borderRightColor: "divider",
    },
  } as const;
}
