import { Box } from "@mui/material";
import { type ReactNode, Suspense } from "react";
import { Loading, useTranslate } from "react-admin";
import { useLocation } from "react-router-dom";
import { DraftsModalProvider } from "../../custom-views/drafts";
import { LiveUpdates } from "../../client/live/LiveUpdates";
import { ErrorBoundary } from "./ErrorBoundary";
import { SessionGate } from "./SessionGate";
import { SideMenu } from "./SideMenu";
import { TopBar } from "./TopBar";

/**
 * The shell around every signed-in view: side menu on the left, top bar, and the view. Nothing
 * renders until the session is confirmed (see SessionGate). The drafts modal is opened from
 * anywhere inside through `useDraftsModal`.
 */
export const AppLayout = ({ children }: { children?: ReactNode }) => {
  const translate = useTranslate();
  const { pathname } = useLocation();

  return (
    <SessionGate>
      <LiveUpdates />
      <DraftsModalProvider>
        <Box sx={{ display: "flex", height: "100vh", overflow: "hidden", bgcolor: "background.default" }}>
          <SideMenu />
          <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
            <TopBar />
            <Box component="main" id="main-content" sx={{ flex: 1, minHeight: 0, overflow: "auto", p: 2 }}>
              <ErrorBoundary
                key={pathname}
                message={translate("slotdesk.app.unexpected_error")}
                retryLabel={translate("slotdesk.app.retry")}
              >
                <Suspense fallback={<Loading />}>{children}</Suspense>
              </ErrorBoundary>
            </Box>
          </Box>
        </Box>
      </DraftsModalProvider>
    </SessionGate>
  );
};
