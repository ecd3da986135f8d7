import { Alert, Box, CircularProgress, type SxProps, Table, TableBody, TableHead, TableRow, type Theme, Typography } from "@mui/material";
import type { ReactNode } from "react";
import type { PanelData } from "../../client/queries/request";

/** Spinner while loading, the error, the empty text, or the content. */
export function PanelBody<T>({
  data,
  empty,
  children,
}: {
  data: PanelData<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (data.status === "loading") {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  if (data.status === "error") return <Alert severity="error">{data.message}</Alert>;
  if (data.items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2, textAlign: "center" }}>
        {empty}
      </Typography>
    );
  }
  return <>{children(data.items)}</>;
}

/**
 * A panel's table once its items are in (else PanelBody's states): the header's cells, a row per
 * item; `scroll` lets a wide table scroll sideways inside the panel.
 */
export function PanelTable<T>({
  data,
  empty,
  label,
  scroll = false,
  head,
  row,
  tableSx,
}: {
  data: PanelData<T>;
  empty: string;
  label: string;
  scroll?: boolean;
  head: ReactNode;
  row: (item: T) => ReactNode;
  tableSx?: SxProps<Theme>;
}) {
  return (
    <PanelBody data={data} empty={empty}>
      {(items) => {
        const table = (
          <Table size="small" aria-label={label} sx={tableSx}>
            <TableHead>
              <TableRow>{head}</TableRow>
            </TableHead>
            <TableBody>{items.map(row)}</TableBody>
          </Table>
        );
        return scroll ? <Box sx={{ overflowX: "auto" }}>{table}</Box> : table;
      }}
    </PanelBody>
  );
}
