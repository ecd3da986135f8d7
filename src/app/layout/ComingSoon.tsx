import ConstructionIcon from "@mui/icons-material/Construction";
import { Box, Paper, Typography } from "@mui/material";

export interface ComingSoonProps {
  /** Heading of the panel (already translated); omit inside a dialog that has its own title. */
  title?: string;
  /** A line under the heading (already translated). */
  subtitle?: string;
  /** What is not available yet (already translated). */
  message: string;
}

/**
 * The one "not built yet" panel, used by every view and dialog that does not exist yet, so the
 * product says so honestly instead of showing an empty screen.
 */
export const ComingSoon = ({ title, subtitle, message }: ComingSoonProps) => (
  <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }} data-testid="coming-soon">
    {title ? (
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="subtitle2" color="text.secondary">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
    ) : null}
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
      <ConstructionIcon color="action" aria-hidden />
      <Typography>{message}</Typography>
    </Box>
  </Paper>
);
