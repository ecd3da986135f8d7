/**
 * 'Alerta temprana por serie' (issue 27 item 4): the season's series the coordinator's test would
 * flag, as Histórico flags them — why, the proposed retime and the button that puts it into the
 * modifications draft as lines ready to send — and, opened, the picture of its operations
 * (Histórico's chart and button, through its front door). Closed panels draw no chart, and a
 * panel's operations are read when it opens (issue 35 item 3).
 */
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslate } from "react-admin";
import { type MonitoringSeriesWarning, type MonitoringWeek, useWarningOperations } from "../../client/queries/monitoring";
import { DeviationChart, ProposalDraftButton, punctualityLines } from "../history";
import "./texts";

type Season = NonNullable<MonitoringWeek["season"]>;

/** An opened panel's picture: the series' operations are read when it opens (issue 35 item 3). */
const SeriesPicture = ({ series, season }: { series: MonitoringSeriesWarning; season: Season }) => {
  const translate = useTranslate();
  const operations = useWarningOperations(season.id, series.serie);
  if (operations.data) return <DeviationChart punctuality={series.punctuality} operations={operations.data.operations} />;
  if (operations.isError) {
    return <Alert severity="error">{translate("slotdesk.monitoring.warning.operations_failed", { message: operations.error.message })}</Alert>;
  }
  return <CircularProgress size={24} aria-label={translate("slotdesk.monitoring.warning.operations_loading")} />;
};

const SeriesPanel = ({ series, season }: { series: MonitoringSeriesWarning; season: Season }) => {
  const translate = useTranslate();
  const summaryId = useId();
  const proposal = series.punctuality.proposal;
  const title = translate("slotdesk.monitoring.warning.series", {
    serie: series.serie,
    flight: series.flight_number,
    direction: translate(series.type === "L" ? "slotdesk.monitoring.arrival_long" : "slotdesk.monitoring.departure_long"),
    hours: series.hour.join(", "),
  });
  const reasons = punctualityLines(translate, series.punctuality);

  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true }, heading: { component: "div" } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" color="error.main">
            {reasons.join(" · ")}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
          {proposal === null ? (
            <Typography variant="body2" color="text.secondary">
              {translate("slotdesk.monitoring.warning.no_proposal")}
            </Typography>
          ) : (
            <>
              <ProposalDraftButton
                proposal={proposal}
                season={season}
                serie={series.serie}
                label={translate("slotdesk.monitoring.warning.proposal_button")}
              />
              <Typography variant="body2" color="text.secondary">
                {proposal.slots === 0
                  ? translate("slotdesk.monitoring.warning.proposal_none")
                  : translate("slotdesk.monitoring.warning.proposal_slots", { smart_count: proposal.slots })}
              </Typography>
            </>
          )}
        </Stack>
        <SeriesPicture series={series} season={season} />
      </AccordionDetails>
    </Accordion>
  );
};

export const EarlyWarning = ({ data }: { data: MonitoringWeek }) => {
  const translate = useTranslate();
  const headingId = useId();
  const season = data.season;
  const [onlySignificant, setOnlySignificant] = useState(false);
  const listed = onlySignificant
    ? data.early_warning.filter((s) => s.punctuality.verdict === "late" || s.punctuality.verdict === "early")
    : data.early_warning;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {translate("slotdesk.monitoring.warning.title")}
      </Typography>
      {season === null ? (
        <Typography color="text.secondary">{translate("slotdesk.monitoring.warning.no_season")}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 900 }}>
            {translate("slotdesk.monitoring.warning.intro", { season: season.name, tolerance: season.tolerance })}
          </Typography>
          {data.early_warning.length === 0 ? (
            <Typography color="text.secondary">{translate("slotdesk.monitoring.warning.none")}</Typography>
          ) : (
            <>
              <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {translate("slotdesk.monitoring.warning.count", { smart_count: listed.length })}
                </Typography>
                {/* describeChild: the help describes the switch; its name stays the visible label. */}
                <Tooltip title={translate("slotdesk.monitoring.warning.only_significant_help")} describeChild>
                  <FormControlLabel
                    control={<Switch size="small" checked={onlySignificant} onChange={(event) => setOnlySignificant(event.target.checked)} />}
                    label={translate("slotdesk.monitoring.warning.only_significant")}
                  />
                </Tooltip>
              </Stack>
              {listed.map((series) => (
                <SeriesPanel key={`${series.season}-${series.serie}`} series={series} season={season} />
              ))}
            </>
          )}
        </>
      )}
    </Box>
  );
};
