/**
 * The response of a logbook line (seed 002 §4, §6, §8): read-only for everyone, and for Admin a
 * K/U toggle that re-applies the line (`POST /references/response/change_line_status/`). When the
 * slot changed since the reply the server answers 'OLD KEY NOT FOUND' and the seed's text is shown.
 */
import { Button } from "@mui/material";
import { useState } from "react";
import { useNotify, useRefresh, useTranslate } from "react-admin";
import { taskClient } from "../../client/api/client";
import { useCapability } from "../../client/auth/capabilities";
import type { LogbookPart } from "./data";
import "../../client/i18n/logbookTexts";

type Line = LogbookPart["lines"][number];

export const LineStatusCell = ({ line }: { line: Line }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const isAdmin = useCapability("admin");
  const [response, setResponse] = useState(line.response);
  const [busy, setBusy] = useState(false);
  const text = response ?? translate("slotdesk.logbook.viewer.pending");
  if (!isAdmin || (response !== "K" && response !== "U")) return <>{text}</>;

  const toggle = async () => {
    const next = response === "K" ? "U" : "K";
    setBusy(true);
    const result = await taskClient
      .POST("/references/response/change_line_status/", { body: { line_id: line.id, new_status: next, compute: true } })
      .catch(() => null);
    setBusy(false);
    if (result?.data) {
      setResponse(result.data.response);
      notify("slotdesk.references.line_status.success", { type: "success" });
      refresh();
      return;
    }
    if (result?.response.status === 401) return;
    const oldKey = result?.error?.code === "OLD KEY NOT FOUND" || (result?.error?.message ?? "").includes("OLD KEY NOT FOUND");
    notify(oldKey ? "slotdesk.references.line_status.old_key" : "slotdesk.errors.generic", { type: "error" });
  };

  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={() => void toggle()}
      title={translate("slotdesk.references.line_status.toggle")}
      aria-label={`${translate("slotdesk.references.line_status.toggle")}: ${text}`}
      sx={{ minWidth: 40, fontWeight: 700 }}
    >
      {text}
    </Button>
  );
};
