import BlockIcon from "@mui/icons-material/Block";
import { Box, Button, Paper, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import { HOME_PATH } from "../views";

/** Shown when a typed URL leads to a view the role does not hold. The server enforces the rest. */
export const AccessDenied = () => {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1 }}>
        <BlockIcon color="error" aria-hidden />
        <Typography variant="h5" component="h1">
          {translate("slotdesk.access.denied")}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate("slotdesk.access.denied_hint")}
      </Typography>
      <Button component={Link} to={HOME_PATH} variant="outlined">
        {translate("slotdesk.access.go_home")}
      </Button>
    </Paper>
  );
};
