/**
 * The slots of the Modificaciones and Cancelaciones drafts (seed 000 §2.3), read with the turnover
 * API (`filter_slots`), one row per slot in the draft's order, each with a button that takes it out
 * of the draft.
 */
import RemoveCircleOutlineIcon from "@mui/icons-material/RemoveCircleOutline";
import {
  Alert,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { useMemo } from "react";
import { Confirm, useTranslate } from "react-admin";
import { useTurnoverSlots } from "../../../client/queries/turnover";
import { useStoredZone } from "../../../client/dates/rangeStorage";
import type { components } from "../../../generated/openapi";
import { isoWeekday } from "../../../domain/seasons";
import { rowDateTimes } from "../../../domain/turnover";
import { useShownZone } from "../../../client/airport/useShownZone";
import "../../../client/i18n/draftsTexts";

type TurnoverRow = components["schemas"]["TurnoverRow"];

export type SlotRows = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; rows: TurnoverRow[] };

/** The turnover rows of these slots, one per slot, in the order of `ids`. */
export function useSlotRows(ids: readonly number[]): SlotRows {
  const query = useTurnoverSlots(ids);
  return useMemo<SlotRows>(() => {
    if (ids.length === 0) return { status: "ready", rows: [] };
    if (query.error) return { status: "error", message: query.error.message };
    if (!query.data) return { status: "loading" };
    const bySlot = new Map<number, TurnoverRow>();
    for (const row of query.data) if (row.slot_id !== null && !bySlot.has(row.slot_id)) bySlot.set(row.slot_id, row);
    const rows = ids.flatMap((id) => {
      const row = bySlot.get(id);
      return row ? [row] : [];
    });
    return { status: "ready", rows };
  }, [ids, query.error, query.data]);
}

/** `+10 min`, `-5 min`, `0 min`; blank when unknown. */
const showDifference = (minutes: number | null): string =>
  minutes === null ? "" : `${minutes > 0 ? "+" : ""}${minutes} min`;

const COLUMN_KEYS = {
  direction: "slotdesk.drafts.columns.direction",
  flight: "slotdesk.drafts.columns.flight",
  date: "slotdesk.drafts.columns.date",
  frequency: "slotdesk.drafts.columns.frequency",
  capacity: "slotdesk.drafts.columns.capacity",
  equipment: "slotdesk.drafts.columns.equipment",
  airport: "slotdesk.drafts.columns.airport",
  type: "slotdesk.drafts.columns.type",
  slot_time: "slotdesk.drafts.columns.slot_time",
  itinerary: "slotdesk.drafts.columns.itinerary",
  difference: "slotdesk.drafts.columns.difference",
} as const;

export interface SlotsTableProps {
  variant: "modify" | "cancel";
  slots: SlotRows;
  emptyText: string;
  onRemove(row: TurnoverRow): void;
  /** Cancelaciones: the slot whose line the form edits. */
  selected?: number | null;
  onSelect?(row: TurnoverRow): void;
  disabled?: boolean;
}

export const SlotsTable = ({ variant, slots, emptyText, onRemove, selected = null, onSelect, disabled = false }: SlotsTableProps) => {
  const translate = useTranslate();
  // The slot's date and time and the itinerary follow Entrega de turno's LOCAL/UTC choice, through
  // the one rule of the turnover (rowDateTimes), so a slot shows the date the table shows; the
  // headers say which zone (issue 11, item 4).
  const mode = useStoredZone();
  // LOCAL: the chosen airport's zone (issue 37).
  const zone = useShownZone(mode).timeZone;
  const zoneName = translate(mode === "utc" ? "slotdesk.drafts.zone_utc" : "slotdesk.drafts.zone_local");
  const c = (key: keyof typeof COLUMN_KEYS) => translate(COLUMN_KEYS[key]);
  const zoned = (key: "date" | "slot_time" | "itinerary") => translate("slotdesk.drafts.zoned_column", { column: c(key), zone: zoneName });
  if (slots.status === "loading") return <LinearProgress aria-label={translate("slotdesk.drafts.slots_loading")} />;
  if (slots.status === "error") return <Alert severity="error">{slots.message}</Alert>;
  if (slots.rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {emptyText}
      </Typography>
    );
  }
  const withFlight = variant === "modify";
  return (
    <TableContainer sx={{ maxHeight: 280 }}>
      <Table size="small" stickyHeader aria-label={translate("slotdesk.drafts.slots")}>
        <TableHead>
          <TableRow>
            <TableCell>{c("direction")}</TableCell>
            <TableCell>{c("flight")}</TableCell>
            <TableCell>{zoned("date")}</TableCell>
            <TableCell>{c("frequency")}</TableCell>
            <TableCell>{c("capacity")}</TableCell>
            <TableCell>{c("equipment")}</TableCell>
            <TableCell>{c("airport")}</TableCell>
            <TableCell>{c("type")}</TableCell>
            <TableCell>{zoned("slot_time")}</TableCell>
            {withFlight ? <TableCell>{zoned("itinerary")}</TableCell> : null}
            {withFlight ? <TableCell>{c("difference")}</TableCell> : null}
            <TableCell padding="checkbox" />
          </TableRow>
        </TableHead>
        <TableBody>
          {slots.rows.map((row) => {
            const name = row.slot_name ?? String(row.slot_id);
            const shown = rowDateTimes(row, zone);
            return (
              <TableRow
                key={row.slot_id}
                hover={onSelect !== undefined}
                selected={selected !== null && row.slot_id === selected}
                onClick={onSelect ? () => onSelect(row) : undefined}
                sx={onSelect ? { cursor: "pointer" } : undefined}
              >
                <TableCell>{row.is_arrival ? "L" : "S"}</TableCell>
                <TableCell>{name}</TableCell>
                <TableCell>{shown.slot?.date ?? ""}</TableCell>
                {/* The weekday of the date shown beside it (1 Monday … 7 Sunday), not of the slot's UTC date. */}
                <TableCell>{shown.slot ? isoWeekday(shown.slot.day) : (row.slot_frequency ?? "")}</TableCell>
                <TableCell>{row.slot_aircraft?.capacity ?? ""}</TableCell>
                <TableCell>{row.slot_aircraft?.type ?? ""}</TableCell>
                <TableCell>{row.slot_route ?? ""}</TableCell>
                <TableCell>{row.slot_type ?? ""}</TableCell>
                <TableCell>{shown.slot?.time ?? ""}</TableCell>
                {withFlight ? <TableCell>{shown.flight?.time ?? ""}</TableCell> : null}
                {withFlight ? <TableCell>{showDifference(row.scheduled_difference)}</TableCell> : null}
                <TableCell padding="checkbox">
                  <Tooltip title={translate("slotdesk.drafts.remove_slot", { slot: name })}>
                    <span>
                      <IconButton
                        size="small"
                        disabled={disabled}
                        aria-label={translate("slotdesk.drafts.remove_slot", { slot: name })}
                        onClick={(event) => {
                          event.stopPropagation();
                          onRemove(row);
                        }}
                      >
                        <RemoveCircleOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

export interface RemoveSlotConfirmProps {
  /** The slot about to leave the draft; null when nothing is being asked. */
  slot: TurnoverRow | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before a slot leaves the modification or cancellation draft. */
export const RemoveSlotConfirm = ({ slot, onConfirm, onClose }: RemoveSlotConfirmProps) => {
  const name = slot?.slot_name ?? String(slot?.slot_id ?? "");
  return (
    <Confirm
      isOpen={slot !== null}
      title="slotdesk.drafts.confirm.remove_title"
      content="slotdesk.drafts.confirm.remove"
      translateOptions={{ slot: name }}
      contentTranslateOptions={{ slot: name }}
      confirm="slotdesk.drafts.confirm.accept"
      cancel="slotdesk.drafts.confirm.cancel"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
};
