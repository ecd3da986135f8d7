/**
 * Assign a leftover slot (seed 001 §2.6, §5, §8): the leftover slots the flight could take; the
 * chosen one (exactly one) is assigned after a confirmation. Their dates and times are in the zone
 * the user chose, like the viewer's cards (issue 24 item 9): the contract gives them in UTC.
 */
import { Box, Button, Radio, TableCell, TableRow } from "@mui/material";
import { useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { useAssignLeftover, useLeftovers } from "../../client/queries/matchViewer";
import { panelOf, type StaleVersion, staleVersionOf } from "../../client/queries/request";
import { type ShownZone, slotMs } from "../../domain/turnover";
import { zonedDateTime } from "../../domain/zones";
import { formatDifference, type TurnoverRow } from "../../client/status/statusDisplay";
import { PanelTable } from "./PanelStates";
import type { components } from "../../generated/openapi";
import "./texts";

type LeftoverSlot = components["schemas"]["LeftoverSlot"];

/** A leftover slot's date (`dd/MM/yyyy`) and time in the zone; its UTC date and time when unreadable. */
const slotDateTime = (slot: LeftoverSlot, zone: ShownZone): { date: string; time: string } => {
  const ms = slotMs(slot.slot_schedule_date, slot.slot_schedule_time);
  return ms === null ? { date: slot.slot_schedule_date, time: slot.slot_schedule_time } : zonedDateTime(ms, zone.timeZone);
};

export const LeftoverPanel = ({
  match,
  zone,
  onAssigned,
  onStale,
}: {
  match: TurnoverRow;
  zone: ShownZone;
  onAssigned: () => void;
  /** Someone else changed the match since it was read (409): the viewer says who and offers to reload. */
  onStale: (stale: StaleVersion) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const data = panelOf(useLeftovers(match.id));
  const assignLeftover = useAssignLeftover();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const chosen = data.status === "ready" ? (data.items.find((slot) => slot.id === chosenId) ?? null) : null;

  const assign = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      const { data: assigned, error } = await assignLeftover.mutateAsync({ matchId: match.id, slotId: chosen.id, version: match.version });
      const stale = staleVersionOf(error);
      if (stale) {
        onStale(stale);
        return;
      }
      if (!assigned) {
        notify("slotdesk.match_viewer.leftovers.failed", { type: "error" });
        return;
      }
      notify("slotdesk.match_viewer.leftovers.success", { type: "success" });
      onAssigned();
    } catch {
      notify("slotdesk.match_viewer.leftovers.failed", { type: "error" });
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  const c = (key: string) => translate(key);
  return (
    <Box>
      <PanelTable
        data={data}
        empty={c("slotdesk.match_viewer.leftovers.empty")}
        label={c("slotdesk.match_viewer.leftovers.title")}
        head={
          <>
            <TableCell padding="checkbox" />
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.name")}</TableCell>
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.direction")}</TableCell>
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.date")}</TableCell>
            <TableCell>
              {c(zone.mode === "utc" ? "slotdesk.match_viewer.leftovers.columns.time_utc" : "slotdesk.match_viewer.leftovers.columns.time_local")}
            </TableCell>
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.frequency")}</TableCell>
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.aircraft")}</TableCell>
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.airport")}</TableCell>
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.flight_type")}</TableCell>
            <TableCell>{c("slotdesk.match_viewer.leftovers.columns.difference")}</TableCell>
          </>
        }
        row={(slot) => {
          const at = slotDateTime(slot, zone);
          return (
            <TableRow key={slot.id} hover selected={slot.id === chosenId} onClick={() => setChosenId(slot.id)}>
              <TableCell padding="checkbox">
                <Radio
                  size="small"
                  checked={slot.id === chosenId}
                  onChange={() => setChosenId(slot.id)}
                  slotProps={{
                    input: {
                      "aria-label": translate("slotdesk.match_viewer.leftovers.choose", {
                        slot: slot.name,
                        date: at.date,
                        time: at.time,
                      }),
                    },
                  }}
                />
              </TableCell>
              <TableCell>{slot.name}</TableCell>
              <TableCell>{c(slot.is_arrival ? "slotdesk.turnover.arrival" : "slotdesk.turnover.departure")}</TableCell>
              <TableCell>{at.date}</TableCell>
              <TableCell>{at.time}</TableCell>
              <TableCell>{slot.frequency}</TableCell>
              <TableCell>
                {translate("slotdesk.match_viewer.aircraft", { type: slot.aircraft_type, capacity: slot.aircraft_capacity })}
              </TableCell>
              <TableCell>{slot.airport}</TableCell>
              <TableCell>{slot.flight_type}</TableCell>
              <TableCell>{formatDifference(slot.difference)}</TableCell>
            </TableRow>
          );
        }}
      />
      {data.status === "ready" && data.items.length > 0 ? (
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1 }}>
          <Button variant="contained" size="small" disabled={!chosen || saving} onClick={() => setConfirming(true)}>
            {c("slotdesk.match_viewer.leftovers.assign")}
          </Button>
        </Box>
      ) : null}
      <Confirm
        isOpen={confirming && chosen !== null}
        loading={saving}
        title="slotdesk.match_viewer.leftovers.confirm_title"
        content={zone.mode === "utc" ? "slotdesk.match_viewer.leftovers.confirm_utc" : "slotdesk.match_viewer.leftovers.confirm_local"}
        contentTranslateOptions={{
          slot: chosen?.name ?? "",
          date: chosen ? slotDateTime(chosen, zone).date : "",
          time: chosen ? slotDateTime(chosen, zone).time : "",
          flight: match.flight_name ?? "",
        }}
        confirm="slotdesk.match_viewer.confirm"
        cancel="slotdesk.match_viewer.cancel"
        onConfirm={() => void assign()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
