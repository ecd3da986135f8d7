import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** A labelled value in a header (the viewer of a request, the send views): small label, bold value. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body1" component="div" sx={{ fontWeight: 600 }} aria-label={label}>
      {children}
    </Typography>
  </Box>
);
