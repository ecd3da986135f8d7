/**
 * One series as a card (seed 002 §2, §4): coloured by its rating against the season's threshold
 * and the warning level, with the forecast at the season's threshold; a flagged series proposes
 * its retime and can put it into the modification draft (issue 27 item 4).
 */
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { Box, ButtonBase, Chip, Paper, Stack, Typography } from "@mui/material";
import { type TranslateFunction, useTranslate } from "react-admin";
import { ratingLevel, type RatingLevels, seriesForecast } from "../../domain/history";
import { LEVEL_COLORS } from "../../domain/history/colors";
import type { components } from "../../generated/openapi";
import { weekdayLabels } from "./labels";
import { ProposalDraftButton } from "./ProposalDraftButton";
import { punctualityLines } from "./punctualityLines";
import "./texts";

export type HistorySeries = components["schemas"]["HistorySeries"];
type Season = components["schemas"]["Season"];

/** The card's one question at today's rate: how many more it can lose, or how many it must operate. */
function forecastAnswer(translate: TranslateFunction, forecast: ReturnType<typeof seriesForecast>, threshold: number): string {
  if (forecast.must_operate === null) return translate("slotdesk.history.card.can_lose", { smart_count: forecast.can_lose });
  if (forecast.must_operate > forecast.remaining) {
    return translate("slotdesk.history.card.cannot_recover", { threshold, smart_count: forecast.remaining });
  }
  return translate("slotdesk.history.card.must_operate", { needed: forecast.must_operate, smart_count: forecast.remaining });
}

const percentText = (value: number | null) => (value === null ? null : `${value.toLocaleString("es-MX")} %`);

export const SeriesCard = ({
  series,
  levels,
  season,
  onOpen,
}: {
  series: HistorySeries;
  /** The season's threshold (red below it, the forecast) and the warning level (green from it). */
  levels: RatingLevels;
  /** The season shown: a proposal goes into the draft of this season. */
  season: Season;
  onOpen: (series: HistorySeries) => void;
}) => {
  const translate = useTranslate();
  const { threshold } = levels;
  const level = ratingLevel(series.rating, levels);
  const forecast = seriesForecast(series.counts, threshold);
  const proposal = series.punctuality.flagged ? series.punctuality.proposal : null;
  const colours = LEVEL_COLORS[level];
  const title = translate("slotdesk.history.card.title", { serie: series.serie });
  const line = (label: string, value: number | null) => (
    <Stack direction="row" justifyContent="space-between">
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" fontWeight={600}>
        {percentText(value) ?? translate("slotdesk.history.card.none")}
      </Typography>
    </Stack>
  );
  return (
    <Paper
      variant="outlined"
      data-level={level}
      sx={{ borderColor: `#${colours.text}`, borderWidth: 2, overflow: "hidden" }}
    >
      <ButtonBase
        onClick={() => onOpen(series)}
        aria-label={title}
        sx={{ display: "block", width: "100%", textAlign: "left", p: 1.5 }}
      >
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 0.5 }}>
          <Typography variant="subtitle1" component="h3" fontWeight={700}>
            {title}
          </Typography>
          <Chip
            size="small"
            label={percentText(series.rating)}
            sx={{ bgcolor: `#${colours.fill}`, color: `#${colours.text}`, fontWeight: 700 }}
            aria-label={`${translate("slotdesk.history.card.rating")} ${percentText(series.rating) ?? ""}`}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {series.flight_number} ·{" "}
          {translate(series.type === "L" ? "slotdesk.history.card.arrival" : "slotdesk.history.card.departure")} ·{" "}
          {weekdayLabels(series.frequency, translate)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate("slotdesk.history.card.hours", { hours: series.hour.join(", ") })} ·{" "}
          {translate("slotdesk.history.card.flights", { count: series.total_flights })}
        </Typography>
        <Box sx={{ mt: 1 }}>
          {line(translate("slotdesk.history.card.usage"), series.global.usage)}
          {line(translate("slotdesk.history.card.chargeable"), series.global.chargeable)}
          {line(translate("slotdesk.history.card.new_chargeable"), series.new.chargeable)}
        </Box>
        <Box sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: "divider" }}>
          <Typography variant="body2">
            {translate("slotdesk.history.card.forecast", { value: forecast.rating.toLocaleString("es-MX") })}
          </Typography>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2" fontWeight={600}>
              {forecastAnswer(translate, forecast, threshold)}
            </Typography>
            {forecast.at_risk ? (
              <Chip
                size="small"
                color="error"
                icon={<WarningAmberIcon />}
                label={translate("slotdesk.history.card.at_risk")}
              />
            ) : null}
          </Stack>
        </Box>
        {series.punctuality.flagged ? (
          <Box sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: "divider" }} data-testid="punctuality-flag">
            <Chip size="small" color="warning" variant="outlined" label={translate("slotdesk.history.punctuality.flag")} sx={{ mb: 0.5 }} />
            {punctualityLines(translate, series.punctuality).map((text) => (
              <Typography key={text} variant="body2">
                {text}
              </Typography>
            ))}
          </Box>
        ) : null}
      </ButtonBase>
      {/* Outside the card's button: a button may not hold another. */}
      {proposal ? (
        <Box sx={{ px: 1.5, pb: 1.5 }}>
          <ProposalDraftButton
            proposal={proposal}
            season={season}
            serie={series.serie}
            label={translate("slotdesk.history.punctuality.add_to_draft")}
          />
        </Box>
      ) : null}
    </Paper>
  );
};
