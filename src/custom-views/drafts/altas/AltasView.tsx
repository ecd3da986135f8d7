/**
 * The Altas draft (seed 000 §2.3, §5.2): the form 'Ingresar la información de solicitud' on the
 * left, the draft's requests on the right (remove one, clear the draft), and the editor of their N
 * lines below.
 */
import DeleteSweepIcon from "@mui/icons-material/DeleteSweep";
import RemoveCircleOutlineIcon from "@mui/icons-material/RemoveCircleOutline";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from "@mui/material";
import { type FormEvent, useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { useAirports } from "../../../client/queries/airports";
import { useAirport } from "../../../client/airport/useAirport";
import { DateInput } from "../../../client/dates/DateInput";
import { SEATS_BY_AIRCRAFT, SERVICE_TYPES, WEEKDAYS_ES } from "../../../domain/scr";
import { todayInZone } from "../../../domain/seasons";
import type { components } from "../../../generated/openapi";
import { panelOf } from "../../../client/queries/request";
import { formatDate } from "../../../domain/dateRange";
import { DraftEditor } from "../editor/DraftEditor";
import { airlineFlightName } from "../../../domain/airline";
import type { DraftViewProps } from "../kinds";
import { editorBindings } from "../useDraftEditors";
import {
  AIRCRAFT_TYPES,
  type AircraftType,
  filterFlight,
  filterPassengers,
  filterTime,
  type FormField,
  formProblems,
  frequencyOf,
  isOutsideDraftSeason,
  type NewSlotForm,
  seasonForItem,
  showDraftDate,
  storedForm,
  toDraftItem,
} from "./rules";
import "../../../client/i18n/draftsTexts";

type NewSlotDraftItem = components["schemas"]["NewSlotDraftItem"];


let itemSequence = 0;
const newItemId = (): string => {
  itemSequence += 1;
  return `alta-${Date.now().toString(36)}-${itemSequence}`;
};

type AirportOption = { code: string; label: string };

export interface AltasViewProps extends DraftViewProps {
  form: NewSlotForm;
  onFormChange(form: NewSlotForm): void;
}

export const AltasView = ({ drafts, store, editors, form, onFormChange, context }: AltasViewProps) => {
  const translate = useTranslate();
  // The airport the requests are for (the top bar's, issue 37); it is not offered as the other station (seed 000 §3).
  const home = useAirport();
  const notify = useNotify();
  const section = drafts.new_slot_data;
  const [submitted, setSubmitted] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<NewSlotDraftItem | null>(null);
  const [clearing, setClearing] = useState(false);
  const airports = panelOf(useAirports());

  const today = todayInZone(new Date());
  const problems = formProblems(form, today);
  const outside = isOutsideDraftSeason(form.date, section.season);
  const frequency = frequencyOf(form.date);
  const set = (patch: Partial<NewSlotForm>) => onFormChange({ ...form, ...patch });
  // An alta's date and time are the SCR's, in UTC: the list says so (issue 11, item 4).
  const utcColumn = (key: "slotdesk.drafts.columns.date" | "slotdesk.drafts.columns.time") =>
    translate("slotdesk.drafts.zoned_column", { column: translate(key), zone: translate("slotdesk.drafts.zone_utc") });
  const fieldError = (field: FormField) => {
    const key = problems[field];
    return submitted && key ? translate(key) : null;
  };

  const airportOptions: AirportOption[] =
    airports.status === "ready"
      ? airports.items
          .filter((airport) => airport.code !== home.code)
          .map((airport) => ({ code: airport.code, label: `${airport.code} — ${airport.city || airport.name}` }))
      : airports.status === "error"
        ? [{ code: "", label: translate("slotdesk.drafts.altas.airports_failed") }]
        : [];
  const airportValue = airportOptions.find((option) => option.code !== "" && option.code === form.airport) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || outside || adding) return;
    const chosen = seasonForItem(form.date, section.season, store.seasons ?? [], today);
    if (!chosen) {
      notify("slotdesk.drafts.altas.no_season", { type: "error", messageArgs: { date: form.date ? formatDate(form.date) : "—" } });
      return;
    }
    const item = toDraftItem(form, newItemId(), chosen);
    const next: NewSlotForm = { ...form, flight: "", time: "" };
    setAdding(true);
    try {
      const saved = await store.save({
        new_slot_data: { season: chosen.name, form: storedForm(next), list: [...section.list, item] },
      });
      if (!saved) return;
      notify("slotdesk.drafts.toasts.requested", { type: "success" });
      onFormChange(next);
      setSubmitted(false);
      await editors.encodeMissing("new", [item.id], saved);
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    const item = removing;
    setRemoving(null);
    if (!item) return;
    const list = section.list.filter((candidate) => candidate.id !== item.id);
    const saved = await store.save({
      new_slot_data: { ...section, form: section.form ?? {}, list, season: list.length > 0 ? section.season : null },
    });
    if (saved) notify("slotdesk.drafts.toasts.removed_new", { type: "info" });
  };

  const clear = async () => {
    setClearing(false);
    const cleared = await store.clear("new");
    if (!cleared) return;
    editors.reset("new");
    notify("slotdesk.drafts.toasts.updated", { type: "success" });
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(300px, 360px) 1fr", gap: 2, alignItems: "start" }}>
        <Paper variant="outlined" component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
            {translate("slotdesk.drafts.altas.form_title")}
          </Typography>
          <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              fullWidth
              color="primary"
              value={form.isArrival ? "arrival" : "departure"}
              onChange={(_, value: string | null) => {
                if (value !== null) set({ isArrival: value === "arrival" });
              }}
              aria-label={translate("slotdesk.drafts.altas.direction")}
            >
              <ToggleButton value="arrival">{translate("slotdesk.drafts.altas.arrival")}</ToggleButton>
              <ToggleButton value="departure">{translate("slotdesk.drafts.altas.departure")}</ToggleButton>
            </ToggleButtonGroup>
            <TextField
              size="small"
              required
              label={translate("slotdesk.drafts.altas.flight")}
              value={form.flight}
              onChange={(event) => set({ flight: filterFlight(event.target.value) })}
              error={fieldError("flight") !== null}
              helperText={fieldError("flight") ?? translate("slotdesk.drafts.altas.flight_help")}
              slotProps={{ htmlInput: { maxLength: 5 } }}
            />
            <Box sx={{ display: "grid", gridTemplateColumns: "1fr 110px", gap: 1 }}>
              <DateInput
                size="small"
                label={translate("slotdesk.drafts.altas.date")}
                value={form.date}
                onChange={(date) => set({ date })}
                error={fieldError("date") !== null || outside}
                helperText={fieldError("date") ?? translate("slotdesk.drafts.altas.date_help")}
                min={today}
              />
              <TextField
                size="small"
                label={translate("slotdesk.drafts.altas.frequency")}
                value={String(frequency)}
                helperText={form.date === "" ? " " : (WEEKDAYS_ES[frequency] ?? " ")}
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            </Box>
            <TextField
              size="small"
              select
              label={translate("slotdesk.drafts.altas.flight_type")}
              value={form.flightType}
              onChange={(event) => {
                const type = SERVICE_TYPES.find((candidate) => candidate.code === event.target.value);
                if (type) set({ flightType: type.code });
              }}
            >
              {SERVICE_TYPES.map((type) => (
                <MenuItem key={type.code} value={type.code}>
                  {type.label === type.code ? type.code : `${type.code} — ${type.label}`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              required
              label={translate("slotdesk.drafts.altas.time")}
              placeholder="HH:mm"
              value={form.time}
              onChange={(event) => set({ time: filterTime(event.target.value) })}
              error={fieldError("time") !== null}
              helperText={fieldError("time") ?? translate("slotdesk.drafts.altas.time_help")}
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 5 } }}
            />
            <Autocomplete
              size="small"
              options={airportOptions}
              value={airportValue}
              loading={airports.status === "loading"}
              loadingText={translate("slotdesk.drafts.altas.airports_loading")}
              noOptionsText={translate("slotdesk.drafts.altas.airports_none")}
              getOptionDisabled={(option) => option.code === ""}
              isOptionEqualToValue={(option, value) => option.code === value.code}
              onChange={(_, option) => set({ airport: option?.code ?? "" })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={translate("slotdesk.drafts.altas.airport")}
                  error={fieldError("airport") !== null}
                  helperText={fieldError("airport") ?? " "}
                />
              )}
            />
            <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}>
              <TextField
                size="small"
                select
                label={translate("slotdesk.drafts.altas.aircraft")}
                value={form.aircraftType}
                onChange={(event) => {
                  const aircraftType = AIRCRAFT_TYPES.find((type) => type === event.target.value);
                  if (aircraftType) set({ aircraftType, psxCount: String(SEATS_BY_AIRCRAFT[aircraftType satisfies AircraftType]) });
                }}
              >
                {AIRCRAFT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                required
                label={translate("slotdesk.drafts.altas.passengers")}
                value={form.psxCount}
                onChange={(event) => set({ psxCount: filterPassengers(event.target.value) })}
                error={fieldError("psxCount") !== null}
                helperText={fieldError("psxCount") ?? " "}
                slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 3 } }}
              />
            </Box>
            {outside && section.season ? (
              <Alert severity="warning">{translate("slotdesk.drafts.altas.season_warning", { name: section.season })}</Alert>
            ) : null}
            <Button type="submit" variant="contained" disabled={adding || outside}>
              {translate("slotdesk.drafts.altas.add")}
            </Button>
          </Box>
        </Paper>

        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
              {translate("slotdesk.drafts.altas.list_title")}
            </Typography>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteSweepIcon />}
              disabled={section.list.length === 0}
              onClick={() => setClearing(true)}
            >
              {translate("slotdesk.drafts.clear")}
            </Button>
          </Box>
          {section.list.length === 0 ? (
            <Typography color="text.secondary">{translate("slotdesk.drafts.altas.empty")}</Typography>
          ) : (
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label={translate("slotdesk.drafts.altas.list_title")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate("slotdesk.drafts.columns.direction")}</TableCell>
                    <TableCell>{translate("slotdesk.drafts.columns.flight")}</TableCell>
                    <TableCell>{utcColumn("slotdesk.drafts.columns.date")}</TableCell>
                    <TableCell>{translate("slotdesk.drafts.columns.frequency")}</TableCell>
                    <TableCell>{translate("slotdesk.drafts.columns.passengers")}</TableCell>
                    <TableCell>{translate("slotdesk.drafts.columns.aircraft")}</TableCell>
                    <TableCell>{translate("slotdesk.drafts.columns.airport")}</TableCell>
                    <TableCell>{translate("slotdesk.drafts.columns.type")}</TableCell>
                    <TableCell>{utcColumn("slotdesk.drafts.columns.time")}</TableCell>
                    <TableCell padding="checkbox" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {section.list.map((item) => {
                    const name = airlineFlightName(item.flight, context.airline);
                    return (
                      <TableRow key={item.id}>
                        <TableCell>{item.isArrival ? "L" : "S"}</TableCell>
                        <TableCell>{name}</TableCell>
                        <TableCell>
                          {item.placeholder ? translate("slotdesk.drafts.altas.no_date") : showDraftDate(item.startDate)}
                        </TableCell>
                        <TableCell>{item.frequency}</TableCell>
                        <TableCell>{item.psxCount}</TableCell>
                        <TableCell>{item.aircraftType}</TableCell>
                        <TableCell>{item.airport}</TableCell>
                        <TableCell>{item.flightType}</TableCell>
                        <TableCell>{item.time}</TableCell>
                        <TableCell padding="checkbox">
                          <Tooltip title={translate("slotdesk.drafts.remove_slot", { slot: name })}>
                            <IconButton
                              size="small"
                              aria-label={translate("slotdesk.drafts.remove_slot", { slot: name })}
                              onClick={() => setRemoving(item)}
                            >
                              <RemoveCircleOutlineIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </Box>

      <DraftEditor {...editorBindings(editors, "new")} context={context} missing={adding ? 0 : editors.missing("new").length} />

      <Confirm
        isOpen={removing !== null}
        title="slotdesk.drafts.confirm.remove_title"
        content="slotdesk.drafts.confirm.remove"
        translateOptions={{ slot: removing ? airlineFlightName(removing.flight, context.airline) : "" }}
        contentTranslateOptions={{ slot: removing ? airlineFlightName(removing.flight, context.airline) : "" }}
        confirm="slotdesk.drafts.confirm.accept"
        cancel="slotdesk.drafts.confirm.cancel"
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
      <Confirm
        isOpen={clearing}
        title="slotdesk.drafts.confirm.clear_title"
        content="slotdesk.drafts.confirm.clear"
        confirm="slotdesk.drafts.confirm.accept"
        cancel="slotdesk.drafts.confirm.cancel"
        onConfirm={() => void clear()}
        onClose={() => setClearing(false)}
      />
    </Box>
  );
};
