/** The read-only parts of the match viewer (seed 001 §2.6): flight and slot cards, delays 1st–4th, differences. */
import { Alert, Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslate } from "react-admin";
import {
  DATE_FORMAT,
  delaysExceedDifference,
  formatMs,
  instantMs,
  rowDateTimes,
  TIME_FORMAT,
  timeToJustify,
  type IanaZone,
  type ShownZone,
} from "../../domain/turnover";
import {
  DifferenceChip,
  flightStatusLabelKey,
  slotStatusCode,
  slotStatusLabelKey,
  type TurnoverRow,
} from "../../client/status/statusDisplay";
import "./texts";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const Card = ({ title, children }: { title: string; children: ReactNode }) => {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 1.5, flex: 1, minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
};

/** A definition list: label on the left, value on the right; '—' for a missing value. */
export const Fields = ({ items }: { items: Array<[label: string, value: ReactNode]> }) => (
  <Box
    component="dl"
    sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.25, m: 0, fontSize: 14 }}
  >
    {items.map(([label, value]) => (
      <Box key={label} sx={{ display: "contents" }}>
        <Box component="dt" sx={{ color: "text.secondary" }}>
          {label}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {value === null || value === undefined || value === "" ? "—" : value}
        </Box>
      </Box>
    ))}
  </Box>
);

const dateTime = (iso: string | null, zone: IanaZone) => formatMs(instantMs(iso), zone, `${DATE_FORMAT} ${TIME_FORMAT}`);

type ActualSource = NonNullable<TurnoverRow["flight_actual_sources"]>["departure"];

/** Where an actual time came from, as the viewer says it beside the time: "MVT 10:12Z", "CSV", "Corrección de Admin". */
export const sourceText = (translate: Translate, source: ActualSource): string | null => {
  if (!source) return null;
  if (source.source === "mvt") return translate("slotdesk.match_viewer.flight.source.mvt", { time: source.at ? source.at.slice(11, 16) : "" });
  return translate(`slotdesk.match_viewer.flight.source.${source.source}`);
};

/** An actual time with its source beside it. */
const ActualTime = ({ value, source }: { value: string; source: string | null }) => (
    <>
      {value}
      {source ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }} data-testid="actual-source">
          {source}
        </Typography>
      ) : null}
    </>
  );

const aircraft = (translate: Translate, value: TurnoverRow["flight_aircraft"]) =>
  value ? translate("slotdesk.match_viewer.aircraft", { type: value.type, capacity: value.capacity }) : null;

export const FlightCard = ({ match, zone: { timeZone } }: { match: TurnoverRow; zone: ShownZone }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(key);
  if (match.flight_id === null) {
    return (
      <Card title={t("slotdesk.match_viewer.flight.title")}>
        <Typography color="text.secondary">{t("slotdesk.match_viewer.no_flight")}</Typography>
      </Card>
    );
  }
  const sources = match.flight_actual_sources;
  const departureSource = sourceText(translate, sources?.departure ?? null);
  const arrivalSource = sourceText(translate, sources?.arrival ?? null);
  const actual = (iso: string | null, source: string | null) =>
    iso === null ? null : <ActualTime value={dateTime(iso, timeZone)} source={source} />;
  return (
    <Card title={t("slotdesk.match_viewer.flight.title")}>
      <Fields
        items={[
          [t("slotdesk.match_viewer.flight.name"), match.flight_name],
          [
            t("slotdesk.match_viewer.flight.direction"),
            t(match.is_arrival ? "slotdesk.turnover.arrival" : "slotdesk.turnover.departure"),
          ],
          [t("slotdesk.match_viewer.flight.route"), match.flight_route],
          // The date of the flight's scheduled movement in the zone: the table's Fecha and the CSV's.
          [t("slotdesk.match_viewer.flight.date"), rowDateTimes(match, timeZone).flight?.date ?? null],
          [t("slotdesk.match_viewer.flight.st"), dateTime(match.flight_scheduled, timeZone)],
          [t("slotdesk.match_viewer.flight.et"), dateTime(match.flight_estimated, timeZone)],
          [t("slotdesk.match_viewer.flight.at"), actual(match.flight_real, match.is_arrival ? arrivalSource : departureSource)],
          [t("slotdesk.match_viewer.flight.actual_departure"), actual(match.flight_actual_datetime_dep, departureSource)],
          [t("slotdesk.match_viewer.flight.actual_arrival"), actual(match.flight_actual_datetime_arr, arrivalSource)],
          [t("slotdesk.match_viewer.flight.register"), match.flight_register],
          [t("slotdesk.match_viewer.flight.aircraft"), aircraft(translate, match.flight_aircraft)],
          [t("slotdesk.match_viewer.flight.type"), match.flight_type],
          [
            t("slotdesk.match_viewer.flight.status"),
            match.flight_status ? `${match.flight_status} · ${t(flightStatusLabelKey(match.flight_status))}` : null,
          ],
        ]}
      />
    </Card>
  );
};

export const SlotCard = ({ match, zone: { timeZone } }: { match: TurnoverRow; zone: ShownZone }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(key);
  if (match.slot_id === null) {
    return (
      <Card title={t("slotdesk.match_viewer.slot.title")}>
        <Typography color="text.secondary">{t("slotdesk.match_viewer.no_slot")}</Typography>
      </Card>
    );
  }
  const { slot } = rowDateTimes(match, timeZone);
  return (
    <Card title={t("slotdesk.match_viewer.slot.title")}>
      <Fields
        items={[
          [t("slotdesk.match_viewer.slot.name"), match.slot_name],
          [t("slotdesk.match_viewer.slot.route"), match.slot_route],
          [t("slotdesk.match_viewer.slot.date"), slot?.date ?? null],
          [t("slotdesk.match_viewer.slot.time"), slot?.time ?? null],
          [t("slotdesk.match_viewer.slot.type"), match.slot_type],
          [t("slotdesk.match_viewer.slot.frequency"), match.slot_frequency],
          [t("slotdesk.match_viewer.slot.serie"), match.slot_serie],
          [t("slotdesk.match_viewer.slot.aircraft"), aircraft(translate, match.slot_aircraft)],
          [
            t("slotdesk.match_viewer.slot.status"),
            match.slot_status ? `${slotStatusCode(match.slot_status)} · ${t(slotStatusLabelKey(match.slot_status))}` : null,
          ],
        ]}
      />
    </Card>
  );
};

/** The match's delay causes as the row carries them, first to fourth. */
export const delaysOf = (
  match: TurnoverRow,
): Array<{ code: string | null; minutes: number | null; cause: string | null }> => [
  { code: match.codes.first_code, minutes: match.codes.first_time, cause: match.codes.first_cause },
  { code: match.codes.second_code, minutes: match.codes.second_time, cause: match.codes.second_cause },
  { code: match.codes.third_code, minutes: match.codes.third_time, cause: match.codes.third_cause },
  { code: match.codes.fourth_code, minutes: match.codes.fourth_time, cause: match.codes.fourth_cause },
];

export const ORDINAL_KEYS = [
  "slotdesk.match_viewer.delays.first",
  "slotdesk.match_viewer.delays.second",
  "slotdesk.match_viewer.delays.third",
  "slotdesk.match_viewer.delays.fourth",
] as const;

export const DelaysCard = ({ match }: { match: TurnoverRow }) => {
  const translate = useTranslate();
  return (
    <Card title={translate("slotdesk.match_viewer.delays.title")}>
      <Fields
        items={[
          ...delaysOf(match).map((delay, index): [string, ReactNode] => [
            translate(ORDINAL_KEYS[index] ?? ORDINAL_KEYS[0]),
            delay.code
              ? translate("slotdesk.match_viewer.delays.entry", { code: delay.code, minutes: delay.minutes ?? 0 })
              : null,
          ]),
          [translate("slotdesk.match_viewer.delays.observations"), match.observations],
        ]}
      />
    </Card>
  );
};

/**
 * Scheduled and real differences, and the minutes still to justify: |real| − Σ delay minutes when
 * |real| > 15 (seed 001 §5), never below 0; a warning when the delays add up to more than the
 * real difference. `delayMinutes` are the ones being edited, when the editor is open.
 */
export const DifferencesCard = ({ match, delayMinutes }: { match: TurnoverRow; delayMinutes: readonly (number | null)[] }) => {
  const translate = useTranslate();
  const toJustify = timeToJustify(match.real_difference, delayMinutes);
  const exceeded = delaysExceedDifference(match.real_difference, delayMinutes);
  return (
    <Card title={translate("slotdesk.match_viewer.differences.title")}>
      <Fields
        items={[
          [
            translate("slotdesk.match_viewer.differences.scheduled"),
            <DifferenceChip key="scheduled" minutes={match.scheduled_difference} difference={match.scheduled_class} />,
          ],
          [
            translate("slotdesk.match_viewer.differences.real"),
            <DifferenceChip key="real" minutes={match.real_difference} difference={match.real_class} />,
          ],
          [
            translate("slotdesk.match_viewer.differences.to_justify"),
            toJustify === null ? null : (
              <Box
                component="span"
                data-testid="to-justify"
                sx={{ fontWeight: 600, color: toJustify > 0 ? "error.main" : "text.primary" }}
              >
                {translate("slotdesk.match_viewer.differences.minutes", { minutes: toJustify })}
              </Box>
            ),
          ],
        ]}
      />
      {exceeded ? (
        <Alert severity="warning" role="status" data-testid="delays-exceed" sx={{ mt: 1, py: 0 }}>
          {translate("slotdesk.match_viewer.differences.delays_exceed")}
        </Alert>
      ) : null}
    </Card>
  );
};
