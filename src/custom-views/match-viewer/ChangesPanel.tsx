/**
 * The slot's change history (seed 001 §2.6, §3): request date, reference, part, type, lines and
 * response. It fits the viewer at 1366 px (issue 24 item 9): tighter cells, and the SSIM lines wrap
 * at their spaces when the dialog is narrower than both of them.
 */
import { Box, TableCell, TableRow } from "@mui/material";
import { useTranslate } from "react-admin";
import { useMatchChanges } from "../../client/queries/matchViewer";
import { panelOf } from "../../client/queries/request";
import { DATE_FORMAT, formatMs, instantMs, TIME_FORMAT, type ShownZone } from "../../domain/turnover";
import { PanelTable } from "./PanelStates";
import "./texts";


const Line = ({ text }: { text: string | null }) =>
  text ? (
    <Box component="code" sx={{ fontFamily: "monospace", fontSize: 12, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {text}
    </Box>
  ) : (
    <>—</>
  );

export const ChangesPanel = ({ matchId, zone }: { matchId: number; zone: ShownZone }) => {
  const translate = useTranslate();
  const data = panelOf(useMatchChanges(matchId));
  const c = (key: string) => translate(key);
  return (
    <PanelTable
      data={data}
      empty={c("slotdesk.match_viewer.changes.empty")}
      label={c("slotdesk.match_viewer.changes.title")}
      scroll
      // Tighter cells, headers at the bottom: the table fits the viewer at 1366 px.
      tableSx={{ "& th, & td": { px: 1 }, "& th": { verticalAlign: "bottom" } }}
      head={
        <>
          <TableCell>{c("slotdesk.match_viewer.changes.columns.request_date")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.changes.columns.reference")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.changes.columns.part")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.changes.columns.request_type")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.changes.columns.actual")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.changes.columns.request")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.changes.columns.response")}</TableCell>
        </>
      }
      row={(change) => (
        <TableRow key={change.id}>
          <TableCell sx={{ whiteSpace: "nowrap" }}>
            {formatMs(instantMs(change.request_date), zone.timeZone, `${DATE_FORMAT} ${TIME_FORMAT}`)}
          </TableCell>
          <TableCell>{change.reference ?? "—"}</TableCell>
          <TableCell>{change.part ?? "—"}</TableCell>
          <TableCell>{change.request_type}</TableCell>
          <TableCell>
            <Line text={change.lines.actual} />
          </TableCell>
          <TableCell>
            <Line text={change.lines.request} />
          </TableCell>
          <TableCell>{change.response ?? "—"}</TableCell>
        </TableRow>
      )}
    />
  );
};
