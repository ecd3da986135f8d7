/**
 * A write refused because someone else changed the resource first (409 `STALE VERSION`, issue 25):
 * the server's sentence, which names who and when, and 'Recargar'. What the user typed is not
 * this component's: the form that holds it keeps it, and shows the reloaded values beside it.
 */
import RefreshIcon from "@mui/icons-material/Refresh";
import { Alert, AlertTitle, Button } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useTranslate } from "react-admin";
import type { StaleVersion } from "../queries/request";
import "../i18n/formsTexts";

export const StaleVersionAlert = ({
  stale,
  onReload,
}: {
  /** The refusal; its `message` is the server's sentence (who changed it, and when). */
  stale: Pick<StaleVersion, "message">;
  /** Reads the resource again; the alert goes once it is read. */
  onReload: () => Promise<unknown>;
}) => {
  const translate = useTranslate();
  const [reloading, setReloading] = useState(false);
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [stale.message]);
  return (
    <Alert
      ref={ref}
      severity="warning"
      role="alert"
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<RefreshIcon />}
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void onReload().finally(() => setReloading(false));
          }}
        >
          {translate("slotdesk.version_conflict.reload")}
        </Button>
      }
    >
      <AlertTitle>{translate("slotdesk.version_conflict.title")}</AlertTitle>
      <span>{stale.message}</span>
    </Alert>
  );
};
