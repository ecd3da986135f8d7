/**
 * The coordinator's list against the register (issue 23 item 3), a tab of Carga de referencias:
 * a SIR, SAL or SHL dropped or chosen, compared with the register (nothing is written), its
 * differences series by series (each expands to its dates), the ones to apply ticked — those a
 * request in process explains are marked "En proceso (WIP)" and cannot be —, applied in one
 * operation after a confirmation, and the comparison downloaded as .xlsx. A refused file shows the
 * server's Spanish reason (file, line, column); what the reader assumed or could not read is listed
 * under the summary.
 */
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import DownloadIcon from "@mui/icons-material/Download";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { Fragment, useMemo, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import {
  type CoordinatorListComparison,
  downloadCoordinatorListComparison,
  useApplyCoordinatorListDifferences,
  useCompareCoordinatorList,
} from "../../client/queries/coordinatorList";
import { failureText } from "../../client/queries/request";
import { formatDate } from "../../domain/dateRange";
import { ReadProblems } from "../../client/ui/ReadProblems";
import type { components } from "../../generated/openapi";
import "../../client/i18n/coordinatorListTexts";
import Form from "@rjsf/mui";
import type { UiSchema } from "@rjsf/utils";
import { dataUrlToFile } from "../../client/files/dataUrl";
import { FileDropZoneWidget } from "../../client/forms/FileDropZoneWidget";
import { refusedFile } from "../../client/forms/fileField";
import { BareField, StackedFields } from "../../client/forms/layout";
import { formValidator } from "../../client/schema/validator";
import { FORM_SCHEMAS } from "../../generated/forms";

type Series = components["schemas"]["CoordinatorListSeries"];
type Difference = components["schemas"]["CoordinatorListDifference"];
type Side = components["schemas"]["CoordinatorListSide"];
type Kind = components["schemas"]["CoordinatorListKind"];

const NOTICE_MS = 10_000;

const KIND_KEYS: Record<Kind, string> = {
  only_here: "slotdesk.coordinatorList.kinds.only_here",
  only_there: "slotdesk.coordinatorList.kinds.only_there",
  days: "slotdesk.coordinatorList.kinds.days",
  time: "slotdesk.coordinatorList.kinds.time",
  aircraft: "slotdesk.coordinatorList.kinds.aircraft",
  seats: "slotdesk.coordinatorList.kinds.seats",
  service_type: "slotdesk.coordinatorList.kinds.service_type",
};
const EFFECT_KEYS: Record<Kind, string> = {
  only_here: "slotdesk.coordinatorList.effects.only_here",
  only_there: "slotdesk.coordinatorList.effects.only_there",
  days: "slotdesk.coordinatorList.effects.days",
  time: "slotdesk.coordinatorList.effects.time",
  aircraft: "slotdesk.coordinatorList.effects.aircraft",
  seats: "slotdesk.coordinatorList.effects.seats",
  service_type: "slotdesk.coordinatorList.effects.service_type",
};
const DIRECTION_KEYS: Record<Series["direction"], string> = {
  arrival: "slotdesk.coordinatorList.directions.arrival",
  departure: "slotdesk.coordinatorList.directions.departure",
};

/** `dd/mm/aaaa` of a `yyyy-MM-dd` date. */
const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

type ListFile = { name: string; content: string };
type CoordinatorListValues = Partial<components["schemas"]["CoordinatorListForm"]>;

/** The zone, generated from the contract's CoordinatorListForm (its title, the file's size as the data URL's `maxLength`). */
const SCHEMA = FORM_SCHEMAS.CoordinatorListForm;

/** What the form holds as the comparison takes it (`CoordinatorListRequest`: the file's name and text). */
export const coordinatorListFileOf = async (dataUrl: string): Promise<ListFile> => {
  const file = dataUrlToFile(dataUrl);
  if (!file) throw new Error("not a data URL");
  return { name: file.name, content: await file.text() };
};

const SideLine = ({ side, which }: { side: Side | null; which: "here" | "there" }) => {
  const translate = useTranslate();
  if (!side) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(which === "here" ? "slotdesk.coordinatorList.series.absent_here" : "slotdesk.coordinatorList.series.absent_there")}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
      {translate(which === "here" ? "slotdesk.coordinatorList.series.here" : "slotdesk.coordinatorList.series.there", {
        time: side.time,
        days: side.days,
        first: shortDate(side.first_date),
        last: shortDate(side.last_date),
        dates: side.dates,
      })}
    </Typography>
  );
};

const DifferenceRows = ({
  series,
  difference,
  checked,
  onToggle,
}: {
  series: Series;
  difference: Difference;
  checked: boolean;
  onToggle: (key: string) => void;
}) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const kind = translate(KIND_KEYS[difference.kind]);
  const none = translate("slotdesk.coordinatorList.difference.none");
  return (
    <>
      <TableRow data-testid="coordinator-list-difference" hover>
        <TableCell padding="checkbox">
          <Checkbox
            checked={checked}
            disabled={difference.wip || difference.uncertain}
            onChange={() => onToggle(difference.key)}
            slotProps={{ input: { "aria-label": translate("slotdesk.coordinatorList.difference.select", { kind, flight: series.flight }) } }}
          />
        </TableCell>
        <TableCell>{kind}</TableCell>
        <TableCell sx={{ fontFamily: "monospace" }}>
          {translate("slotdesk.coordinatorList.difference.values", { here: difference.here ?? none, there: difference.there ?? none })}
        </TableCell>
        <TableCell>{translate("slotdesk.coordinatorList.difference.dates", { smart_count: difference.dates.length })}</TableCell>
        <TableCell>
          {difference.wip ? (
            <Tooltip title={translate("slotdesk.coordinatorList.difference.wip_hint")}>
              <Chip size="small" color="secondary" variant="outlined" label={translate("slotdesk.coordinatorList.difference.wip")} />
            </Tooltip>
          ) : difference.uncertain ? (
            <Tooltip title={translate("slotdesk.coordinatorList.difference.uncertain_hint")}>
              <Chip size="small" color="warning" variant="outlined" label={translate("slotdesk.coordinatorList.difference.uncertain")} />
            </Tooltip>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate(EFFECT_KEYS[difference.kind])}
            </Typography>
          )}
        </TableCell>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={`${translate(open ? "slotdesk.coordinatorList.difference.hide_dates" : "slotdesk.coordinatorList.difference.show_dates")}: ${translate("slotdesk.coordinatorList.difference.label", { kind, flight: series.flight })}`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow>
          <TableCell />
          <TableCell colSpan={5}>
            <Table size="small" aria-label={translate("slotdesk.coordinatorList.difference.label", { kind, flight: series.flight })}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate("slotdesk.coordinatorList.columns.date")}</TableCell>
                  <TableCell>{translate("slotdesk.coordinatorList.columns.here")}</TableCell>
                  <TableCell>{translate("slotdesk.coordinatorList.columns.there")}</TableCell>
                  <TableCell>{translate("slotdesk.coordinatorList.columns.wip")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {difference.dates.map((date) => (
                  <TableRow key={`${date.date}-${date.here ?? ""}-${date.there ?? ""}`}>
                    <TableCell>{shortDate(date.date)}</TableCell>
                    <TableCell sx={{ fontFamily: "monospace" }}>{date.here ?? none}</TableCell>
                    <TableCell sx={{ fontFamily: "monospace" }}>{date.there ?? none}</TableCell>
                    <TableCell>{date.wip ? translate("slotdesk.coordinatorList.difference.wip") : ""}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
};

const SeriesCard = ({ series, selected, onToggle }: { series: Series; selected: ReadonlySet<string>; onToggle: (key: string) => void }) => {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-label={`${series.flight} ${translate(DIRECTION_KEYS[series.direction])}`} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {translate("slotdesk.coordinatorList.series.title", { flight: series.flight, direction: translate(DIRECTION_KEYS[series.direction]) })}
        </Typography>
        {series.serie !== null ? (
          <Typography variant="body2" color="text.secondary">
            {translate("slotdesk.coordinatorList.series.serie", { serie: series.serie })}
          </Typography>
        ) : null}
        {series.line !== null ? (
          <Typography variant="body2" color="text.secondary">
            {translate("slotdesk.coordinatorList.series.line", { line: series.line })}
          </Typography>
        ) : null}
      </Stack>
      <SideLine side={series.here} which="here" />
      <SideLine side={series.there} which="there" />
      {series.line_text ? (
        <Box component="code" sx={{ display: "block", fontFamily: "monospace", fontSize: 12, color: "text.secondary", whiteSpace: "pre-wrap" }}>
          {series.line_text}
        </Box>
      ) : null}
      <Table size="small" sx={{ mt: 1 }}>
        <TableBody>
          {series.differences.map((difference) => (
            <DifferenceRows key={difference.key} series={series} difference={difference} checked={selected.has(difference.key)} onToggle={onToggle} />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
};

const Summary = ({ comparison }: { comparison: CoordinatorListComparison }) => {
  const translate = useTranslate();
  const date = comparison.message_date ? shortDate(comparison.message_date) : "—";
  const { totals, lines } = comparison;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2">
        {translate("slotdesk.coordinatorList.summary.title", { type: comparison.message_type, season: comparison.season, date, airport: comparison.airport })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate("slotdesk.coordinatorList.summary.lines", {
          compared: lines.compared,
          data: lines.data,
          other: lines.other_airlines,
          not_held: lines.not_held,
          errors: lines.errors,
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate("slotdesk.coordinatorList.summary.slots", {
          register: comparison.register_slots,
          list: comparison.list_slots,
          equal: comparison.series_equal,
        })}
      </Typography>
      {totals.differences === 0 ? (
        <Alert severity="success" sx={{ mt: 1 }}>
          {translate("slotdesk.coordinatorList.summary.none")}
        </Alert>
      ) : (
        <Typography sx={{ mt: 1, fontWeight: 600 }} data-testid="coordinator-list-totals">
          {translate("slotdesk.coordinatorList.summary.differences", { smart_count: totals.differences })}
          {totals.wip > 0 ? ` · ${translate("slotdesk.coordinatorList.summary.wip", { smart_count: totals.wip })}` : ""}
        </Typography>
      )}
      {lines.errors > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate("slotdesk.coordinatorList.summary.errors_note")}
        </Alert>
      ) : null}
      <ReadProblems problems={comparison.problems} />
    </Box>
  );
};

export default function CoordinatorListPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const [file, setFile] = useState<ListFile | null>(null);
  const [comparison, setComparison] = useState<CoordinatorListComparison | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  /** The past dates of the chosen differences are applied too (asked for separately, with a warning). */
  const [includePast, setIncludePast] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const compare = useCompareCoordinatorList();
  const apply = useApplyCoordinatorListDifferences();
  const busy = compare.isPending || apply.isPending;

  const selectable = useMemo(
    () => (comparison?.series ?? []).flatMap((series) => series.differences.filter((difference) => !difference.wip && !difference.uncertain).map((difference) => difference.key)),
    [comparison],
  );

  /** The form's file (a data URL); `file` is its name and text once read. */
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  /** Changed when a refused file is dropped: rjsf keeps its own copy of values equal to the last ones given. */
  const [formKey, setFormKey] = useState(0);

  const clear = () => {
    setComparison(null);
    setSelected(new Set());
    compare.reset();
  };

  const take = async (formData: unknown) => {
    const value: unknown = typeof formData === "object" && formData !== null ? Reflect.get(formData, "file") : undefined;
    const next = typeof value === "string" ? value : undefined;
    if (next === chosen) return;
    if (next === undefined) {
      setChosen(undefined);
      setFile(null);
      clear();
      return;
    }
    // A file the contract does not take (too large) is not kept: a notice says why.
    const refused = refusedFile("CoordinatorListForm", "file", next);
    if (refused) {
      setFormKey((key) => key + 1);
      notify(refused.message ?? "", { type: "error", autoHideDuration: NOTICE_MS });
      return;
    }
    try {
      setFile(await coordinatorListFileOf(next));
      setChosen(next);
    } catch {
      setFormKey((key) => key + 1);
      notify("slotdesk.coordinatorList.file_unreadable", { type: "error", autoHideDuration: NOTICE_MS });
      return;
    }
    clear();
  };

  const uiSchema: UiSchema = {
    "ui:submitButtonOptions": { norender: true },
    file: {
      "ui:widget": "dropZone",
      "ui:options": {
        label: false,
        texts: "slotdesk.coordinatorList",
        accept: ".txt,.sir,.sal,.shl,text/plain",
        testIdPrefix: "coordinator-list",
        sx: { mb: 2, maxWidth: 640 },
      },
    },
  };
  const values: CoordinatorListValues = chosen !== undefined ? { file: chosen } : {};

  const run = () => {
    if (!file) return;
    compare.mutate(
      { file_name: file.name, content: file.content },
      {
        onSuccess: (result) => {
          setComparison(result);
          setSelected(new Set());
        },
      },
    );
  };

  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  // The chosen differences' dates before today (UTC, as the slots are dated): applied only when asked.
  const today = new Date().toISOString().slice(0, 10);
  const pastDates = useMemo(() => {
    const out: string[] = [];
    for (const series of comparison?.series ?? []) {
      for (const difference of series.differences) {
        if (selected.has(difference.key)) for (const entry of difference.dates) if (entry.date < today) out.push(entry.date);
      }
    }
    return out.sort();
  }, [comparison, selected, today]);
  const lastPast = pastDates[pastDates.length - 1];

  const confirmApply = () => {
    if (!file) return;
    setConfirming(false);
    apply.mutate(
      { file_name: file.name, content: file.content, keys: [...selected], include_past: includePast && pastDates.length > 0 },
      {
        onSuccess: (result) => {
          setComparison(result.comparison);
          setSelected(new Set());
          setIncludePast(false);
          const applied = translate("slotdesk.coordinatorList.applied", {
            smart_count: result.applied,
            source: result.source,
            created: result.slots_created,
            changed: result.slots_changed,
            cancelled: result.slots_cancelled,
          });
          const left = result.past_dates_left > 0 ? ` ${translate("slotdesk.coordinatorList.past_left", { smart_count: result.past_dates_left })}` : "";
          notify(`${applied}${left}`, { type: "success", autoHideDuration: NOTICE_MS });
        },
        onError: (error) => notify(failureText(error), { type: "error", autoHideDuration: NOTICE_MS }),
      },
    );
  };

  const download = async () => {
    if (!file) return;
    setDownloading(true);
    try {
      await downloadCoordinatorListComparison({ file_name: file.name, content: file.content });
    } catch (error) {
      notify(failureText(error) || translate("slotdesk.coordinatorList.download_failed"), { type: "error", autoHideDuration: NOTICE_MS });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate("slotdesk.coordinatorList.intro")}
      </Typography>
      <Form
        key={formKey}
        tagName="div"
        schema={SCHEMA}
        uiSchema={uiSchema}
        widgets={{ dropZone: FileDropZoneWidget }}
        templates={{ ObjectFieldTemplate: StackedFields, FieldTemplate: BareField }}
        formData={values}
        validator={formValidator("CoordinatorListForm")}
        showErrorList={false}
        noHtml5Validate
        disabled={busy}
        onChange={({ formData }) => void take(formData)}
      />
      <Button
        variant="contained"
        startIcon={compare.isPending ? <CircularProgress size={18} color="inherit" /> : <CompareArrowsIcon />}
        disabled={busy || !file}
        onClick={run}
        sx={{ mb: 2 }}
      >
        {translate(compare.isPending ? "slotdesk.coordinatorList.comparing" : "slotdesk.coordinatorList.compare")}
      </Button>
      {compare.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureText(compare.error)}
        </Alert>
      ) : null}

      {comparison ? (
        <>
          <Summary comparison={comparison} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: "wrap", position: "sticky", top: 0, zIndex: 1, bgcolor: "background.default", py: 1 }}>
            <Button
              variant="contained"
              disabled={busy || selected.size === 0}
              startIcon={apply.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
              onClick={() => {
                setIncludePast(false);
                setConfirming(true);
              }}
            >
              {translate("slotdesk.coordinatorList.apply", { smart_count: selected.size })}
            </Button>
            <Button variant="outlined" disabled={busy || selectable.length === 0} onClick={() => setSelected(new Set(selectable))}>
              {translate("slotdesk.coordinatorList.select_all")}
            </Button>
            <Button variant="text" disabled={busy || selected.size === 0} onClick={() => setSelected(new Set())}>
              {translate("slotdesk.coordinatorList.select_none")}
            </Button>
            <Button
              variant="outlined"
              startIcon={downloading ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
              disabled={downloading}
              onClick={() => void download()}
            >
              {translate("slotdesk.coordinatorList.download")}
            </Button>
          </Stack>
          <Stack spacing={1.5}>
            {comparison.series.map((series) => (
              <Fragment key={series.id}>
                <SeriesCard series={series} selected={selected} onToggle={toggle} />
              </Fragment>
            ))}
          </Stack>
        </>
      ) : null}

      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate("slotdesk.coordinatorList.confirm.title")}</DialogTitle>
        <DialogContent>
          <Typography>
            {translate("slotdesk.coordinatorList.confirm.text", { smart_count: selected.size, source: comparison?.source ?? "" })}
          </Typography>
          {pastDates.length > 0 && lastPast ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate("slotdesk.coordinatorList.confirm.past", { smart_count: pastDates.length, last: formatDate(lastPast) })}
              <FormControlLabel
                sx={{ display: "flex", mt: 1 }}
                control={<Checkbox checked={includePast} onChange={(event) => setIncludePast(event.target.checked)} />}
                label={translate("slotdesk.coordinatorList.confirm.include_past", { smart_count: pastDates.length })}
              />
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate("slotdesk.coordinatorList.confirm.cancel")}</Button>
          <Button variant="contained" onClick={confirmApply}>
            {translate("slotdesk.coordinatorList.confirm.apply")}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
