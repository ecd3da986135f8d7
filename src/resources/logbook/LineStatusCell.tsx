/**
 * The response of a logbook line (seed 002 §4, §6, §8): read-only for everyone, and for Admin a
 * K/U toggle that re-applies the line (`POST /references/response/change_line_status/`). When the
 * slot changed since the reply the server answers 'OLD KEY NOT FOUND' and the seed's text is shown.
 */
import { Button } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useCapability } from "../../client/auth/capabilities";
import { useChangeLineStatus } from "../../client/queries/logbook";
import { type StaleVersion, staleVersionOf } from "../../client/queries/request";
import type { LogbookPart } from "./data";
import "../../client/i18n/logbookTexts";

type Line = LogbookPart["lines"][number];

export const LineStatusCell = ({
  line,
  version,
  onWritten,
  onStale,
}: {
  line: Line;
  /** The request's version the part was read at (or last written as). */
  version?: number | undefined;
  onWritten?: (version: number) => void;
  /** Someone changed the request since it was read (409): the viewer says who and offers to reload. */
  onStale?: (stale: StaleVersion) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const isAdmin = useCapability("admin");
  const [response, setResponse] = useState(line.response);
  const { mutateAsync: changeStatus, isPending: busy } = useChangeLineStatus();
  const text = response ?? translate("slotdesk.logbook.viewer.pending");
  if (!isAdmin || (response !== "K" && response !== "U")) return <>{text}</>;

  const toggle = async () => {
    const next = response === "K" ? "U" : "K";
    // A change reloads the part, the list and the views that show slots.
    const result = await changeStatus({ lineId: line.id, status: next, version });
    const stale = staleVersionOf(result?.error);
    if (stale) {
      onStale?.(stale);
      return;
    }
    if (result?.data) {
      setResponse(result.data.response);
      if (version !== undefined) onWritten?.(version + 1);
      notify("slotdesk.references.line_status.success", { type: "success" });
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
