import { Box, Typography } from "@mui/material";
import { type ReactNode, useSyncExternalStore } from "react";
import { translate } from "../../client/i18n/translate";

/** Narrower than this, the product is not usable (seed 000 §1: desktop only). */
export const MIN_DESKTOP_WIDTH = 1024;

const subscribe = (onChange: () => void) => {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
};

const isWideEnough = () => window.innerWidth >= MIN_DESKTOP_WIDTH;

/** Renders the app on a desktop-width window and only the resolution notice below it. */
export const ResolutionGuard = ({ children }: { children: ReactNode }) => {
  const wide = useSyncExternalStore(subscribe, isWideEnough, () => true);
  if (wide) return children;
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", p: 3 }}>
      <Typography variant="h6" component="p" role="alert" sx={{ textAlign: "center", maxWidth: 480 }}>
        {translate("slotdesk.app.resolution")}
      </Typography>
    </Box>
  );
};
