/**
 * Carga de referencias (seed 002 §2, §4, §5, §8; issue 12 item 4): a request sent outside
 * Slotdesk and the coordinator's reply, loaded from their .txt files. Four stages: the request's
 * preview, its computation, the reply's preview, its computation. Each preview shows its summary
 * with Cancelar / Continuar (Continuar repeats the call with compute=true). When the request fails
 * and a reply is loaded, the user is asked whether to go on with the reply. Cancelling the reply
 * goes back to the state after the request; when no stage remains, the files are cleared.
 *
 * The two drop zones are a form generated from the contract's ReferenceFilesForm (its titles, and
 * each file's limits: the .txt pattern and the size as the data URL's `maxLength`); a file the
 * contract refuses is not taken, with the seed's notice or the Spanish size message.
 */
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Tab,
  Tabs,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import Form from "@rjsf/mui";
import type { ObjectFieldTemplateProps, UiSchema } from "@rjsf/utils";
import { useMemo, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useAirport } from "../../client/airport/useAirport";
import { dataUrlToFile } from "../../client/files/dataUrl";
import { FileDropZoneWidget } from "../../client/forms/FileDropZoneWidget";
import { refusedFile } from "../../client/forms/fileField";
import { BareField } from "../../client/forms/layout";
import { formValidator } from "../../client/schema/validator";
import { FORM_SCHEMAS } from "../../generated/forms";
import { previewReference, type ReferenceKind, type ReferenceSummary, useComputeReference } from "../../client/queries/references";
import { useAirline } from "../../client/queries/settings";
import { parseReferenceFileName, referenceFileName } from "../../domain/references";
import type { components } from "../../generated/openapi";
import { LOGBOOK_TYPE_KEYS } from "../../resources/logbook";
import "../../client/i18n/logbookTexts";
import { ReadProblems } from "../../client/ui/ReadProblems";
import "../../client/i18n/coordinatorListTexts";
import CoordinatorListPanel from "./CoordinatorListPanel";

type ErrorBody = components["schemas"]["Error"];
type Kind = ReferenceKind;
type ReferenceFilesValues = components["schemas"]["ReferenceFilesForm"];

const SCHEMA = FORM_SCHEMAS.ReferenceFilesForm;
/** Each kind's field in the form. */
const FIELD: Record<Kind, keyof ReferenceFilesValues> = { request: "request_file", response: "response_file" };

/** The form's values as the contract names them (rjsf hands back `unknown`). */
const referenceFilesValues = (value: unknown): ReferenceFilesValues => {
  const values: ReferenceFilesValues = {};
  if (typeof value !== "object" || value === null) return values;
  for (const field of Object.values(FIELD)) {
    const item: unknown = Reflect.get(value, field);
    if (typeof item === "string") values[field] = item;
  }
  return values;
};

/** What the form holds as the upload operations take it (`ReferenceUploadForm`, multipart): each data URL back to a file. */
export const referenceFilesOf = (values: ReferenceFilesValues): Record<Kind, File | null> => ({
  request: values.request_file ? dataUrlToFile(values.request_file) : null,
  response: values.response_file ? dataUrlToFile(values.response_file) : null,
});

/** The two zones side by side, as the seed draws them. */
const ZonesRow = ({ properties }: ObjectFieldTemplateProps) => (
  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 3 }}>
    {properties.map((property) => (
      <Box key={property.name} sx={{ flex: 1, minWidth: 300, display: "flex", "& > *": { flex: 1 } }}>
        {property.content}
      </Box>
    ))}
  </Stack>
);

/** The seed's stages, in order. */
const STAGES = ["request", "compute_request", "response", "compute_response"] as const;
type Stage = (typeof STAGES)[number];
const STAGE_KEYS: Record<Stage, string> = {
  request: "slotdesk.references.stages.request",
  compute_request: "slotdesk.references.stages.compute_request",
  response: "slotdesk.references.stages.response",
  compute_response: "slotdesk.references.stages.compute_response",
};

type Summary = ReferenceSummary;
type Dialogs = { summary: Summary } | { askContinue: true } | null;

const NOTICE_MS = 10_000;

/** The seed's server messages and their Spanish (seed 002 §8). */
const CODE_KEYS: Partial<Record<NonNullable<ErrorBody["code"]>, string>> = {
  "old key not found": "slotdesk.references.errors.old_key",
  "new key not found": "slotdesk.references.errors.new_key",
  "reference not found in system": "slotdesk.references.errors.reference_not_found",
  "response already computed": "slotdesk.references.errors.response_computed",
  "reference is not the next reference": "slotdesk.references.errors.not_next",
  "reference already exists": "slotdesk.references.errors.exists",
};

const SummaryTable = ({ summary }: { summary: Summary }) => {
  const translate = useTranslate();
  const f = (key: string) => translate(key);
  const common: Array<[string, string | number]> = [
    [f("slotdesk.references.fields.reference"), summary.result.reference],
    [f("slotdesk.references.fields.part"), summary.result.part],
    [f("slotdesk.references.fields.type"), translate(LOGBOOK_TYPE_KEYS[summary.result.type])],
  ];
  const rows: Array<[string, string | number]> =
    summary.kind === "request"
      ? [
          ...common,
          [f("slotdesk.references.fields.total_lines"), summary.result.total_lines],
          [f("slotdesk.references.fields.lines_created"), summary.result.lines_created],
          [f("slotdesk.references.fields.slots_found"), summary.result.slots_found],
          [f("slotdesk.references.fields.slots_updated"), summary.result.slots_updated],
          [f("slotdesk.references.fields.slots_not_found"), summary.result.slots_not_found.total],
        ]
      : [
          ...common,
          [f("slotdesk.references.fields.response_total"), summary.result.response_count.total],
          [f("slotdesk.references.fields.k_normal"), summary.result.response_count.k.normal],
          [f("slotdesk.references.fields.k_diff_time"), summary.result.response_count.k.diff_time],
          [f("slotdesk.references.fields.u"), summary.result.response_count.u],
          [f("slotdesk.references.fields.x"), summary.result.response_count.x],
          [f("slotdesk.references.fields.w"), summary.result.response_count.w],
          [f("slotdesk.references.fields.h"), summary.result.response_count.h],
          [f("slotdesk.references.fields.slots_not_found"), summary.result.slots_not_found.total],
        ];
  return (
    <>
      <Table size="small">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {summary.result.slots_not_found.lines.length > 0 ? (
        <Box component="pre" sx={{ fontFamily: "monospace", fontSize: 12, mt: 1, whiteSpace: "pre-wrap" }}>
          {summary.result.slots_not_found.lines.join("\n")}
        </Box>
      ) : null}
    </>
  );
};

export default function ReferencesUploadView() {
  const translate = useTranslate();
  const airline = useAirline();
  const notify = useNotify();
  const [values, setValues] = useState<ReferenceFilesValues>({});
  /** Changed when a refused file is dropped: rjsf keeps its own copy of values equal to the last ones given. */
  const [formKey, setFormKey] = useState(0);
  const files = useMemo(() => referenceFilesOf(values), [values]);
  const { mutateAsync: computeReference } = useComputeReference();
  // Issue 37: the files are loaded for the airport chosen in the top bar (a file of another is refused).
  const airport = useAirport().code;
  const [stage, setStage] = useState<Stage | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [tab, setTab] = useState<"references" | "list">("references");

  const label = files.request && files.response
    ? "slotdesk.references.load_both"
    : files.response
      ? "slotdesk.references.load_response"
      : "slotdesk.references.load_request";

  const errorText = (kind: Kind, error: ErrorBody | undefined): string => {
    if (!error) return translate("slotdesk.references.errors.unexpected");
    const code = error.code;
    let key = code ? CODE_KEYS[code] : undefined;
    if (code === "failed to decode header") {
      key = kind === "request" ? "slotdesk.references.errors.decode_request" : "slotdesk.references.errors.decode_response";
    }
    const file = files[kind];
    const named = file ? parseReferenceFileName(file.name, airline) : null;
    const title = key ? translate(key, { reference: named?.reference ?? 0, part: named?.part ?? 1 }) : null;
    return title && !error.message.startsWith(title) ? `${title}. ${error.message}` : error.message;
  };

  const finish = () => {
    setStage(null);
    setDialog(null);
    setValues({});
  };

  const preview = async (kind: Kind) => {
    setStage(kind === "request" ? "request" : "response");
    setBusy(true);
    const file = files[kind];
    const result = file ? await previewReference(kind, file, airport) : { summary: null };
    setBusy(false);
    if (result.summary) {
      setDialog({ summary: result.summary });
      return;
    }
    failed(kind, result.error, result.status);
  };

  const failed = (kind: Kind, error: ErrorBody | undefined, status: number | undefined) => {
    if (status === 401) return;
    notify(errorText(kind, error), { type: "error", autoHideDuration: NOTICE_MS });
    if (kind === "request" && files.response) {
      setDialog({ askContinue: true });
      return;
    }
    setDialog(null);
    setStage(kind === "response" ? "compute_request" : null);
  };

  const compute = async (kind: Kind) => {
    setDialog(null);
    setStage(kind === "request" ? "compute_request" : "compute_response");
    setBusy(true);
    const file = files[kind];
    const result = file ? await computeReference({ kind, file, airport }) : { summary: null };
    setBusy(false);
    if (!result.summary) {
      failed(kind, result.error, result.status);
      return;
    }
    notify(kind === "request" ? "slotdesk.references.success_request" : "slotdesk.references.success_response", {
      type: "success",
      autoHideDuration: NOTICE_MS,
    });
    if (kind === "request") {
      setValues(({ request_file: _sent, ...current }) => current);
      if (files.response) {
        await preview("response");
        return;
      }
    }
    finish();
  };

  const start = () => {
    if (files.request) void preview("request");
    else if (files.response) void preview("response");
  };

  const cancelSummary = () => {
    const summary = dialog && "summary" in dialog ? dialog.summary : null;
    setDialog(null);
    // Cancelling the reply returns to the stage after the request; the request's files stay.
    setStage(summary?.kind === "response" ? "compute_request" : null);
  };

  /** A file the contract does not take (not a .txt, too large) is not kept: a notice says why. */
  const change = (formData: unknown) => {
    const next = referenceFilesValues(formData);
    for (const field of Object.values(FIELD)) {
      const chosen = next[field];
      if (chosen === undefined || chosen === values[field]) continue;
      const refused = refusedFile("ReferenceFilesForm", field, chosen);
      if (!refused) continue;
      delete next[field];
      setFormKey((key) => key + 1);
      notify(refused.name === "pattern" ? "slotdesk.references.invalid_format" : (refused.message ?? ""), { type: "error", autoHideDuration: NOTICE_MS });
    }
    setValues(next);
  };

  const zone = (kind: Kind): UiSchema => {
    const zoneLabel = translate(kind === "request" ? "slotdesk.references.request_zone" : "slotdesk.references.response_zone");
    return {
      "ui:widget": "dropZone",
      "ui:options": {
        label: false,
        texts: "slotdesk.references",
        removeLabel: `${translate("slotdesk.references.remove")} (${zoneLabel})`,
        accept: ".txt,text/plain",
        testIdPrefix: kind,
      },
    };
  };
  const uiSchema: UiSchema = {
    "ui:submitButtonOptions": { norender: true },
    request_file: zone("request"),
    response_file: zone("response"),
  };

  const summary = dialog && "summary" in dialog ? dialog.summary : null;
  const activeStep = stage === null ? -1 : STAGES.indexOf(stage);

  return (
    <Box sx={{ p: 2, maxWidth: tab === "list" ? 1200 : 1000 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate("slotdesk.views.references_upload")}
      </Typography>
      <Tabs value={tab} onChange={(_event, value: "references" | "list") => setTab(value)} sx={{ mb: 2 }}>
        <Tab value="references" label={translate("slotdesk.coordinatorList.tabs.references")} />
        <Tab value="list" label={translate("slotdesk.coordinatorList.tabs.list")} />
      </Tabs>
      {tab === "list" ? (
        <CoordinatorListPanel />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate("slotdesk.references.naming", {
              icao: airline.icao,
              example: referenceFileName(airline, "W26", 1, 1),
              example_part: referenceFileName(airline, "W26", 1, 2),
            })}
          </Typography>
          <Stepper activeStep={activeStep} sx={{ mb: 3 }}>
            {STAGES.map((step) => (
              <Step key={step}>
                <StepLabel>{translate(STAGE_KEYS[step])}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Form
            key={formKey}
            tagName="div"
            schema={SCHEMA}
            uiSchema={uiSchema}
            widgets={{ dropZone: FileDropZoneWidget }}
            templates={{ ObjectFieldTemplate: ZonesRow, FieldTemplate: BareField }}
            formData={values}
            validator={formValidator("ReferenceFilesForm")}
            showErrorList={false}
            noHtml5Validate
            disabled={busy}
            onChange={({ formData }) => change(formData)}
          />
          <Button
            variant="contained"
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <UploadFileIcon />}
            disabled={busy || (!files.request && !files.response)}
            onClick={start}
          >
            {translate(label)}
          </Button>
        </>
      )}

      <Dialog open={summary !== null} onClose={cancelSummary} maxWidth="xs" fullWidth>
        <DialogTitle>
          {translate(summary?.kind === "response" ? "slotdesk.references.summary_response" : "slotdesk.references.summary_request")}
        </DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate("slotdesk.references.preview_note")}
          </Alert>
          {summary ? <SummaryTable summary={summary} /> : null}
          <ReadProblems problems={summary?.result.warnings} />
        </DialogContent>
        <DialogActions>
          <Button onClick={cancelSummary}>{translate("slotdesk.references.cancel")}</Button>
          <Button variant="contained" onClick={() => summary && void compute(summary.kind)}>
            {translate("slotdesk.references.continue")}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={dialog !== null && "askContinue" in dialog} onClose={finish} maxWidth="xs">
        <DialogTitle>{translate("slotdesk.references.ask_continue_title")}</DialogTitle>
        <DialogContent>
          <Typography>{translate("slotdesk.references.ask_continue")}</Typography>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setDialog(null);
              setStage(null);
            }}
          >
            {translate("slotdesk.references.cancel")}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              setDialog(null);
              setValues(({ request_file: _sent, ...current }) => current);
              void preview("response");
            }}
          >
            {translate("slotdesk.references.continue")}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
