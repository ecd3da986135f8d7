/**
 * The week's discrepancies, one row each (issue 27 item 3): the flight and its series, the slot,
 * the scheduled and actual times, the difference, the aircraft, the delay codes and the state;
 * and what can be done from a row — justify it, open the match viewer, or put its corrective slots
 * into a draft. Times are UTC, as the coordinator's.
 */
import { Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslate } from "react-admin";
import { useCapability } from "../../client/auth/capabilities";
import { useFirstScreen } from "../../client/ui/useFirstScreen";
import type { MonitoringRow } from "../../client/queries/monitoring";
import { formatDate } from "../../domain/dateRange";
import { CATEGORY_KEYS, signedMinutes, STATE_COLORS, STATE_KEYS } from "./labels";
import { useCorrectiveDraft } from "./useCorrectiveDraft";

/** `HH:MM` of an ISO instant (UTC), with its day when it is not the row's. */
function utcTime(iso: string | null, rowDate: string): string {
  if (iso === null) return "";
  const date = new Date(iso).toISOString();
  const time = date.slice(11, 16);
  return date.slice(0, 10) === rowDate ? time : `${date.slice(8, 10)}/${date.slice(5, 7)} ${time}`;
}

const aircraftText = (type: string | null, seats: number | null) => [type, seats].filter((part) => part !== null).join("/");

export interface DiscrepancyTableProps {
  rows: readonly MonitoringRow[];
  /** Show the category column (every category listed together). */
  showCategory: boolean;
  onViewMatch: (matchId: number) => void;
  /**
   * Opens the justification of a row's slot (issue 27 item 2): to justify a slot not used or an
   * operation off the tolerance, or to see, edit or withdraw its justification. Absent while the
   * dialog is not wired: the button is then not shown.
   */
  onJustify?: ((row: MonitoringRow) => void) | undefined;
}

/** About what the table shows at 1366×768 before scrolling, with room to spare. */
const FIRST_SCREEN = 30;

export const DiscrepancyTable = ({ rows, showCategory, onViewMatch, onJustify }: DiscrepancyTableProps) => {
  const translate = useTranslate();
  const canJustify = useCapability("justify");
  const canModify = useCapability("draftModify");
  const canCancel = useCapability("draftCancel");
  const addToDraft = useCorrectiveDraft();
  const [busy, setBusy] = useState<string | null>(null);
  // A week's hundreds of rows: the first screen's at once, the others right after.
  const shown = useFirstScreen(rows, FIRST_SCREEN);

  const draftTip = (row: MonitoringRow): string => {
    const draft = row.draft;
    if (!draft) return translate("slotdesk.monitoring.actions.no_draft");
    if (draft.kind === "cancel") return translate("slotdesk.monitoring.actions.draft_cancel");
    return translate("slotdesk.monitoring.actions.draft_modify", {
      smart_count: draft.slots.length,
      date: formatDate(draft.slots[0]?.date ?? row.date),
    });
  };

  const add = async (row: MonitoringRow) => {
    if (!row.draft) return;
    setBusy(row.id);
    try {
      await addToDraft(row.draft.kind, row.season, row.draft.slots.map((slot) => slot.slot_id));
    } finally {
      setBusy(null);
    }
  };

  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {translate("slotdesk.monitoring.empty")}
      </Typography>
    );
  }

  return (
    <TableContainer sx={{ maxHeight: "60vh" }}>
      <Table size="small" stickyHeader aria-label={translate("slotdesk.monitoring.rows_label")}>
        <TableHead>
          <TableRow>
            {showCategory ? <TableCell>{translate("slotdesk.monitoring.columns.category")}</TableCell> : null}
            <TableCell>{translate("slotdesk.monitoring.columns.date")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.flight")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.direction")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.serie")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.route")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.slot")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.scheduled")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.actual")}</TableCell>
            <TableCell align="right">{translate("slotdesk.monitoring.columns.difference")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.aircraft")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.delays")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.state")}</TableCell>
            <TableCell>{translate("slotdesk.monitoring.columns.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => {
            const draftAllowed = row.draft !== null && (row.draft.kind === "modify" ? canModify : canCancel);
            const justifiable = onJustify !== undefined && canJustify && row.slot_id !== null && (row.category === "not_used" || row.category === "off_tolerance");
            const aircraft =
              row.category === "aircraft"
                ? translate("slotdesk.monitoring.aircraft_compare", {
                    slot: aircraftText(row.slot_aircraft, row.slot_seats),
                    flight: aircraftText(row.flight_aircraft, row.flight_seats),
                  })
                : (row.flight_aircraft ?? row.slot_aircraft ?? "");
            const correction = row.state === "corrected" || row.state === "requested" ? row.correction : null;
            const stateLabel =
              row.state === "requested" && row.correction?.reference != null
                ? translate("slotdesk.monitoring.requested_ref", { reference: row.correction.reference })
                : translate(STATE_KEYS[row.state]);
            const stateChip = (
              <Chip size="small" variant={row.state === "unjustified" ? "outlined" : "filled"} color={STATE_COLORS[row.state]} label={stateLabel} />
            );
            return (
              <TableRow key={row.id} hover>
                {showCategory ? <TableCell>{translate(CATEGORY_KEYS[row.category])}</TableCell> : null}
                <TableCell>{formatDate(row.date)}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{row.flight_number}</TableCell>
                <TableCell>
                  <Tooltip title={translate(row.is_arrival ? "slotdesk.monitoring.arrival_long" : "slotdesk.monitoring.departure_long")}>
                    <span>{translate(row.is_arrival ? "slotdesk.monitoring.arrival" : "slotdesk.monitoring.departure")}</span>
                  </Tooltip>
                </TableCell>
                <TableCell>{row.serie ?? ""}</TableCell>
                <TableCell>{row.route ?? ""}</TableCell>
                <TableCell>{utcTime(row.slot_at, row.date)}</TableCell>
                <TableCell>{utcTime(row.scheduled_at, row.date)}</TableCell>
                <TableCell>
                  {row.flight_cancelled ? (
                    <Chip size="small" color="error" variant="outlined" label={translate("slotdesk.monitoring.cancelled")} />
                  ) : (
                    utcTime(row.actual_at, row.date)
                  )}
                </TableCell>
                <TableCell align="right">{row.difference === null ? "" : signedMinutes(row.difference)}</TableCell>
                <TableCell>{aircraft}</TableCell>
                <TableCell>{row.delay_codes.join(", ")}</TableCell>
                <TableCell>
                  {correction ? (
                    <Tooltip
                      title={translate(row.state === "requested" ? "slotdesk.monitoring.requested_by" : "slotdesk.monitoring.corrected_by", {
                        reference: correction.reference ?? translate("slotdesk.monitoring.no_reference"),
                        type: correction.type,
                        date: `${formatDate(correction.sent_at.slice(0, 10))} ${correction.sent_at.slice(11, 16)}`,
                      })}
                    >
                      {stateChip}
                    </Tooltip>
                  ) : (
                    stateChip
                  )}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} sx={{ whiteSpace: "nowrap" }}>
                    {justifiable ? (
                      <Button size="small" onClick={() => onJustify(row)}>
                        {translate(row.justification ? "slotdesk.monitoring.actions.see_justification" : "slotdesk.monitoring.actions.justify")}
                      </Button>
                    ) : null}
                    <Button size="small" onClick={() => onViewMatch(row.match_id)}>
                      {translate("slotdesk.monitoring.actions.view_match")}
                    </Button>
                    {draftAllowed && row.draft ? (
                      <Tooltip title={draftTip(row)} describeChild>
                        <span>
                          <Button size="small" disabled={busy !== null} onClick={() => void add(row)}>
                            {translate("slotdesk.monitoring.actions.add_to_draft")}
                          </Button>
                        </span>
                      </Tooltip>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
