/**
 * Pieces every admin grid shares (seed 000 §2.2): the quick search, page sizes 25/50/100, the
 * empty texts (one when there is nothing, another when a search finds nothing) and the context
 * menu that opens where the row was clicked.
 */
import AddIcon from "@mui/icons-material/Add";
import { Avatar, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Menu, Typography } from "@mui/material";
import { type MouseEvent, useRef, useState } from "react";
import type { ReactElement, ReactNode } from "react";
import { Datagrid, List, Pagination, type RaRecord, SearchInput, type SortPayload, TopToolbar, useListContext, useTranslate } from "react-admin";
import "../i18n/formsTexts";

export const PAGE_SIZES = [25, 50, 100];
export const DEFAULT_PAGE_SIZE = 50;

export const AdminPagination = () => <Pagination rowsPerPageOptions={PAGE_SIZES} />;

export const searchFilters = (placeholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />,
];

/**
 * A list of the admin panel: inside a tab (no URL sync, nothing kept between visits, so opening
 * a tab always reloads), 50 rows of 25/50/100, optional quick search, and a toolbar: `add`'s
 * button (its label's key, what it opens) or the given `actions`.
 */
export const AdminList = ({
  resource,
  sort,
  searchable = true,
  actions = false,
  add,
  children,
}: {
  resource: string;
  sort?: SortPayload;
  searchable?: boolean;
  actions?: ReactElement | false;
  add?: { labelKey: string; onClick: () => void };
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <List
      resource={resource}
      title={false}
      disableSyncWithLocation
      storeKey={false}
      perPage={DEFAULT_PAGE_SIZE}
      {...(sort ? { sort } : {})}
      {...(searchable ? { filters: searchFilters(translate("slotdesk.admin.search")) } : {})}
      pagination={<AdminPagination />}
      empty={false}
      queryOptions={{ gcTime: 0 }}
      actions={
        add ? (
          <TopToolbar>
            <Button startIcon={<AddIcon />} variant="contained" onClick={add.onClick}>
              {translate(add.labelKey)}
            </Button>
          </TopToolbar>
        ) : (
          actions
        )
      }
    >
      {children}
    </List>
  );
};

/**
 * The grid of an admin list: no bulk actions, the empty texts, and a row click that hands the row
 * to `onRow` when it is one of the list's records (never a navigation).
 */
export function AdminGrid<R extends RaRecord>({
  isRecord,
  onRow,
  emptyKey,
  children,
}: {
  isRecord: (record: RaRecord) => record is R;
  onRow: (record: R) => void;
  emptyKey?: string;
  children: ReactNode;
}) {
  return (
    <Datagrid
      bulkActionButtons={false}
      empty={<GridEmpty emptyKey={emptyKey} />}
      rowClick={(_id, _resource, record) => {
        if (isRecord(record)) onRow(record);
        return false;
      }}
    >
      {children}
    </Datagrid>
  );
}

/** 'No hay información' (or the given key) when the list is empty, 'No se encontraron resultados' when a search is. */
export const GridEmpty = ({ emptyKey = "slotdesk.admin.empty" }: { emptyKey?: string }) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const searching = typeof filterValues.q === "string" && filterValues.q.trim() !== "";
  return (
    <Box sx={{ p: 3, textAlign: "center" }}>
      <Typography color="text.secondary">{translate(searching ? "slotdesk.admin.no_results" : emptyKey)}</Typography>
    </Box>
  );
};

export const NameAvatar = ({ name }: { name: string }) => (
  <Avatar sx={{ width: 32, height: 32, fontSize: 15, bgcolor: "primary.light" }} aria-hidden>
    {name.trim().charAt(0).toUpperCase() || "?"}
  </Avatar>
);

/**
 * A context menu for grid rows: spread `captureProps` on a box around the grid (it remembers
 * where the pointer clicked) and call `open(record)` from the grid's rowClick.
 */
export function useRowMenu<R>() {
  const lastClick = useRef<{ top: number; left: number }>({ top: 0, left: 0 });
  const [state, setState] = useState<{ record: R; position: { top: number; left: number } } | null>(null);
  return {
    record: state?.record ?? null,
    open: (record: R) => setState({ record, position: lastClick.current }),
    close: () => setState(null),
    captureProps: {
      onClickCapture: (event: MouseEvent) => {
        lastClick.current = { top: event.clientY, left: event.clientX };
      },
    },
    menuProps: (label: string) => ({
      open: state !== null,
      onClose: () => setState(null),
      anchorReference: "anchorPosition" as const,
      anchorPosition: state?.position,
      slotProps: { list: { "aria-label": label } },
    }),
  };
}

export { Menu };

/**
 * The row an admin grid opened (`onRow`), shown whole in a dialog: its title, its details and
 * 'Cerrar'. Closed while `row` is null.
 */
export function RowDetailDialog<T>({
  row,
  onClose,
  title,
  children,
}: {
  row: T | null;
  onClose: () => void;
  title: (row: T) => ReactNode;
  children: (row: T) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={row !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{row !== null ? title(row) : null}</DialogTitle>
      <DialogContent>{row !== null ? children(row) : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("slotdesk.outbox.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
