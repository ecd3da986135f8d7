import { Alert, Box, CircularProgress, Typography } from "@mui/material";
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
