/**
 * A season's rule and calendar as the Temporadas list and form show them (issue 27 item 1): the
 * rule in one line, the next date of the calendar with the days left ("Faltan 50 días para la
 * fecha límite de devolución de series (15/01/2027)"), and every date in the form.
 */
import { Box, Typography } from "@mui/material";
import { type TranslateFunction, useTranslate } from "react-admin";
import { formatDate } from "../../domain/dateRange";
import { CALENDAR_KEYS, type CalendarKey, daysUntil, nextCalendarDate, type SeasonCalendar } from "../../domain/seasonCalendar";
import { todayInZone } from "../../domain/seasons";
import type { Season } from "./data";
import "../../client/i18n/adminTexts";

/** The contract's field of each calendar date. */
const FIELD_OF: Record<CalendarKey, "shl_deadline" | "initial_submission_deadline" | "series_return_deadline" | "historics_baseline_date"> = {
  shlDeadline: "shl_deadline",
  initialSubmissionDeadline: "initial_submission_deadline",
  seriesReturnDeadline: "series_return_deadline",
  historicsBaselineDate: "historics_baseline_date",
};

/** Catalog keys, written out (the i18n check reads literals). */
const NAME_KEYS: Record<CalendarKey, string> = {
  shlDeadline: "slotdesk.seasons.calendar_names.shl_deadline",
  initialSubmissionDeadline: "slotdesk.seasons.calendar_names.initial_submission_deadline",
  seriesReturnDeadline: "slotdesk.seasons.calendar_names.series_return_deadline",
  historicsBaselineDate: "slotdesk.seasons.calendar_names.historics_baseline_date",
};
const LABEL_KEYS: Record<CalendarKey, string> = {
  shlDeadline: "slotdesk.seasons.fields.shl_deadline",
  initialSubmissionDeadline: "slotdesk.seasons.fields.initial_submission_deadline",
  seriesReturnDeadline: "slotdesk.seasons.fields.series_return_deadline",
  historicsBaselineDate: "slotdesk.seasons.fields.historics_baseline_date",
};

export const calendarOf = (season: Season): SeasonCalendar => ({
  shlDeadline: season.shl_deadline,
  initialSubmissionDeadline: season.initial_submission_deadline,
  seriesReturnDeadline: season.series_return_deadline,
  historicsBaselineDate: season.historics_baseline_date,
});

/** `80 % · ±15 min · fuera de tolerancia no cuenta`. */
export const ruleText = (translate: TranslateFunction, season: Season): string =>
  translate("slotdesk.seasons.rule_summary", {
    threshold: season.usage_threshold,
    tolerance: season.tolerance_minutes,
    outside: translate(season.outside_counts_as_used ? "slotdesk.seasons.outside_used" : "slotdesk.seasons.outside_not_used"),
  });

/** What comes next in the season's calendar, and in how many days (Mexico City's today). */
export function nextDateText(translate: TranslateFunction, season: Season, now: Date = new Date()): string {
  const next = nextCalendarDate(calendarOf(season), todayInZone(now));
  if (!next) return translate("slotdesk.seasons.calendar_past");
  const args = { what: translate(NAME_KEYS[next.key]), date: formatDate(next.date) };
  return next.days === 0
    ? translate("slotdesk.seasons.calendar_today", args)
    : translate("slotdesk.seasons.calendar_next", { ...args, smart_count: next.days });
}

/** Every date of the calendar with the days left (the edit form's intro). */
export const SeasonCalendarLines = ({ season, now = new Date() }: { season: Season; now?: Date }) => {
  const translate = useTranslate();
  const today = todayInZone(now);
  return (
    <Box component="section" aria-label={translate("slotdesk.seasons.calendar_title")} sx={{ mt: 1 }}>
      <Typography variant="subtitle2">{translate("slotdesk.seasons.calendar_title")}</Typography>
      {CALENDAR_KEYS.map((key) => {
        const date = season[FIELD_OF[key]];
        const days = daysUntil(date, today);
        const args = { label: translate(LABEL_KEYS[key]), date: formatDate(date) };
        const text =
          days > 0
            ? translate("slotdesk.seasons.calendar_line_ahead", { ...args, smart_count: days })
            : translate(days === 0 ? "slotdesk.seasons.calendar_line_today" : "slotdesk.seasons.calendar_line_past", args);
        return (
          <Typography key={key} variant="body2" color={days < 0 ? "text.secondary" : "text.primary"}>
            {text}
          </Typography>
        );
      })}
    </Box>
  );
};
