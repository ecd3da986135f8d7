/**
 * Correcting a flight's real (AT) dates, Admin only (seed 001 §2.1, §5, §8): actual departure and
 * arrival in the table's time zone; the departure may not be after the arrival, checked here
 * before sending and again by the server.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useMatch } from "../../client/queries/matchViewer";
import { type StaleVersion, staleVersionOf } from "../../client/queries/request";
import { useSaveRealDates } from "../../client/queries/turnover";
import { StaleVersionAlert } from "../../client/ui/StaleVersionAlert";
import { DateTimeInput } from "../../client/dates/DateInput";
import { DATE_FORMAT, formatMs, fromInputValue, type IanaZone, instantMs, type ShownZone, TIME_FORMAT, toInputValue } from "../../domain/turnover";
import type { TurnoverRow } from "../../client/status/statusDisplay";
import "./texts";

const initialValue = (iso: string | null, fallback: string | null, zone: IanaZone): string => {
  const ms = instantMs(iso) ?? instantMs(fallback);
  return ms === null ? "" : toInputValue(ms, zone);
};

interface RealDatesEditorProps {
  row: TurnoverRow;
  zone: ShownZone;
  onClose: () => void;
}

/** A save puts the stored match in the cached turnover rows (useSaveRealDates). */
export const RealDatesEditor = ({ row, zone, onClose }: RealDatesEditorProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [departure, setDeparture] = useState(() =>
    initialValue(row.flight_actual_datetime_dep, row.flight_scheduled_datetime_dep, zone.timeZone),
  );
  const [arrival, setArrival] = useState(() =>
    initialValue(row.flight_actual_datetime_arr, row.flight_scheduled_datetime_arr, zone.timeZone),
  );
  const [submitted, setSubmitted] = useState(false);
  const { mutateAsync: saveRealDates, isPending: saving } = useSaveRealDates();
  // The match viewer's version of this flight, read as the editor opens: the save sends it, so a
  // correction made meanwhile by someone else is not silently overwritten (issue 25).
  const matchQuery = useMatch(row.id);
  const current = matchQuery.data?.[0];
  const [stale, setStale] = useState<StaleVersion | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const shown = (iso: string | null | undefined) => {
    const ms = instantMs(iso ?? null);
    return ms === null ? "—" : formatMs(ms, zone.timeZone, `${DATE_FORMAT} ${TIME_FORMAT}`);
  };

  const departureMs = fromInputValue(departure, zone.timeZone);
  const arrivalMs = fromInputValue(arrival, zone.timeZone);
  const inverted = departureMs !== null && arrivalMs !== null && departureMs > arrivalMs;
  const departureError =
    departureMs === null ? "slotdesk.turnover.real_dates.required" : inverted ? "slotdesk.turnover.real_dates.departure_after_arrival" : null;
  const arrivalError =
    arrivalMs === null ? "slotdesk.turnover.real_dates.required" : inverted ? "slotdesk.turnover.real_dates.arrival_before_departure" : null;
  // The order of the two dates is shown at once; a missing value only after a save attempt.
  const showDepartureError = departureError !== null && (submitted || inverted);
  const showArrivalError = arrivalError !== null && (submitted || inverted);
  const zoneLabel = translate(zone.mode === "utc" ? "slotdesk.turnover.real_dates.zone_utc" : "slotdesk.turnover.real_dates.zone_local");

  const save = async () => {
    setSubmitted(true);
    if (departureMs === null || arrivalMs === null || departureMs > arrivalMs) return;
    try {
      const version = current?.version;
      await saveRealDates({
        matchId: row.id,
        dates: {
          actual_dep: new Date(departureMs).toISOString(),
          actual_arr: new Date(arrivalMs).toISOString(),
          ...(version !== undefined ? { version } : {}),
        },
      });
      notify("slotdesk.turnover.real_dates.updated", { type: "success" });
      onClose();
    } catch (error) {
      const refused = staleVersionOf(error);
      if (refused) setStale(refused);
      else notify("slotdesk.turnover.real_dates.failed", { type: "error" });
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {translate("slotdesk.turnover.real_dates.title", { flight: row.flight_name ?? row.id })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {stale ? (
            <StaleVersionAlert
              stale={stale}
              onReload={async () => {
                await matchQuery.refetch();
                setStale(null);
                setReloaded(true);
              }}
            />
          ) : null}
          {reloaded && current ? (
            <Typography variant="body2" color="info.main" role="status">
              {translate("slotdesk.turnover.real_dates.saved_now", {
                departure: shown(current.flight_actual_datetime_dep),
                arrival: shown(current.flight_actual_datetime_arr),
              })}
            </Typography>
          ) : null}
          <DateTimeInput
            label={translate("slotdesk.turnover.real_dates.departure")}
            value={departure}
            onChange={setDeparture}
            error={showDepartureError}
            helperText={showDepartureError && departureError ? translate(departureError) : zoneLabel}
          />
          <DateTimeInput
            label={translate("slotdesk.turnover.real_dates.arrival")}
            value={arrival}
            onChange={setArrival}
            error={showArrivalError}
            helperText={showArrivalError && arrivalError ? translate(arrivalError) : zoneLabel}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate("slotdesk.turnover.real_dates.cancel")}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || inverted}>
          {translate("slotdesk.turnover.real_dates.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
