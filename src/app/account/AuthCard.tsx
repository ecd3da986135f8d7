import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Avatar, Box, Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslate } from "../../client/i18n/translate";

export interface AuthCardProps {
  /** Catalog key of the page heading. */
  titleKey: string;
  /** The heading's id, for a form labelled by it. */
  titleId?: string;
  /** The card's width in pixels. */
  width?: number;
  children: ReactNode;
}

/** The centered card of the pages outside the shell, with the login page's look. */
export const AuthCard = ({ titleKey, titleId, width = 420, children }: AuthCardProps) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        bgcolor: "primary.dark",
      }}
    >
      <Paper elevation={6} sx={{ width, p: 4 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
            <Avatar sx={{ bgcolor: "primary.main" }}>
              <LockOutlinedIcon />
            </Avatar>
            <Box>
              <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.2 }}>
                {translate("slotdesk.app.name")}
              </Typography>
              <Typography id={titleId} variant="h5" component="h1">
                {translate(titleKey)}
              </Typography>
            </Box>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
};
