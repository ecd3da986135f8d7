/**
 * Temporadas tab: the IATA seasons; add one or correct one (dates follow from the code), with
 * its rule and calendar (issue 27 item 1): the list says what comes next in each season's
 * calendar, the form edits the rule and the dates (proposed from the code for a new season).
 */
import { Box, Typography } from "@mui/material";
import { useRef } from "react";
import { FunctionField, useTranslate } from "react-admin";
import { AICM_RULE } from "../../domain/monitoring/rule";
import { defaultSeasonCalendar } from "../../domain/seasonCalendar";
import { isSeasonCode, seasonBounds } from "../../domain/seasons";
import { DateWidget } from "../../client/forms/DateWidget";
import { AdminList } from "../../client/ui/grid";
import { ResourceGrid } from "../../client/schema/ResourceGrid";
import { type FormValues, SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { useRecordFormDialog } from "../../client/forms/useRecordFormDialog";
import type { Season } from "./data";
import { nextDateText, ruleText, SeasonCalendarLines } from "./SeasonCalendar";
import "../../client/i18n/adminTexts";
import "../../client/i18n/formsTexts";

/** Typing a valid code fills in its IATA dates. */
const withIataDates = (values: FormValues): FormValues => {
  const name = typeof values.name === "string" ? values.name.trim().toUpperCase() : "";
  if (!isSeasonCode(name)) return values;
  const bounds = seasonBounds(name);
  return { ...values, name, start_date: bounds.start_date, end_date: bounds.end_date };
};

const CALENDAR_FIELDS = ["shl_deadline", "initial_submission_deadline", "series_return_deadline", "historics_baseline_date"] as const;

/** The guidelines' dates of a code, as the form's fields. */
const calendarFields = (name: string) => {
  const calendar = defaultSeasonCalendar(name);
  return {
    shl_deadline: calendar.shlDeadline,
    initial_submission_deadline: calendar.initialSubmissionDeadline,
    series_return_deadline: calendar.seriesReturnDeadline,
    historics_baseline_date: calendar.historicsBaselineDate,
  };
};

/** A new season starts with AICM's rule; its calendar follows the code typed. */
const NEW_SEASON: FormValues = {
  usage_threshold: AICM_RULE.threshold,
  tolerance_minutes: AICM_RULE.tolerance,
  outside_counts_as_used: AICM_RULE.outsideCountsAsUsed,
};

export const SeasonList = () => {
  const translate = useTranslate();
  const form = useRecordFormDialog<Season>("seasons", NEW_SEASON);
  const editing = form.editing;
  // The code whose calendar a new season's dates were filled from: a date still at that code's
  // default follows the next code typed; a date the person changed stays.
  const filledFor = useRef<string | null>(null);
  const withSeasonDates = (values: FormValues): FormValues => {
    const next = withIataDates(values);
    if (editing || typeof next.name !== "string" || !isSeasonCode(next.name) || next.name === filledFor.current) return next;
    const before = filledFor.current ? calendarFields(filledFor.current) : null;
    const defaults = calendarFields(next.name);
    filledFor.current = next.name;
    const dates = Object.fromEntries(
      CALENDAR_FIELDS.map((field) => {
        const typed = next[field];
        const untouched = typed === undefined || typed === "" || (before !== null && typed === before[field]);
        return [field, untouched ? defaults[field] : typed];
      }),
    );
    return { ...next, ...dates };
  };

  return (
    <>
      <AdminList
        resource="seasons"
        sort={{ field: "start_date", order: "DESC" }}
        add={{
          labelKey: "slotdesk.seasons.add",
          onClick: () => {
            filledFor.current = null;
            form.add();
          },
        }}
      >
        <ResourceGrid
          resource="seasons"
          onRow={form.edit}
          trailing={[
            <FunctionField<Season> key="rule" label="slotdesk.seasons.fields.rule" sortable={false} render={(season) => ruleText(translate, season)} />,
            <FunctionField<Season> key="calendar" label="slotdesk.seasons.fields.calendar" sortable={false} render={(season) => nextDateText(translate, season)} />,
          ]}
        />
      </AdminList>
      {form.isOpen ? (
        <SchemaFormDialog
          {...form.dialogProps}
          title={translate(editing ? "slotdesk.seasons.edit_title" : "slotdesk.seasons.add_title")}
          uiSchema={{
            name: { "ui:placeholder": "W27" },
            start_date: { "ui:widget": DateWidget },
            end_date: { "ui:widget": DateWidget },
            ...Object.fromEntries(CALENDAR_FIELDS.map((field) => [field, { "ui:widget": DateWidget }])),
          }}
          intro={
            <Box>
              <Typography variant="body2">{translate("slotdesk.seasons.iata_hint")}</Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate("slotdesk.seasons.rule_hint")}
              </Typography>
              {editing ? <SeasonCalendarLines season={editing} /> : null}
            </Box>
          }
          onValuesChange={withSeasonDates}
        />
      ) : null}
    </>
  );
};
