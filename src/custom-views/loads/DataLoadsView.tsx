/**
 * Cargas de datos (issue 22 item 5): the airline's schedule (SSIM Chapter 7) and flights (CSV)
 * loaded from the browser. The file is read, previewed (nothing written: counts, dates to
 * re-match, warnings and errors by line), then loaded on confirmation — leaving the lines in error
 * out only when the person says so — and every load is listed below with its files.
 */
import { Alert, Box, LinearProgress, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslate } from "react-admin";
import {
  type DataLoad,
  DataLoadError,
  type DataLoadPreview,
  type DataLoadRequest,
  useApplyDataLoad,
  usePreviewDataLoad,
} from "../../client/queries/loads";
import type { components } from "../../generated/openapi";
import { decodeDataUrl } from "./dataUrl";
import { LoadHistory } from "./LoadHistory";
import { PreviewPanel } from "./PreviewPanel";
import { UploadForm, type UploadValues } from "./UploadForm";
import "./texts";

type Stage = "reading" | "analyzing" | "loading";
const STAGE_KEYS: Record<Stage, string> = {
  reading: "slotdesk.loads.stages.reading",
  analyzing: "slotdesk.loads.stages.analyzing",
  loading: "slotdesk.loads.stages.loading",
};

/** The contract's limit on a file's text (DataLoadRequest.content). */
const MAX_CONTENT = 20_000_000;
const MAX_DETAILS = 10;

type Failure = { message: string; details: string[] };
type Pending = { request: DataLoadRequest; preview: DataLoadPreview };

/** What a load did, each count with its noun in the right number; a movement load counts messages. */
function doneCounts(load: DataLoad, translate: ReturnType<typeof useTranslate>): string {
  const c = load.counts;
  const part = (key: string, n: number) => translate(key, { smart_count: n });
  const parts =
    load.kind === "mvt"
      ? [
          part("slotdesk.loads.done_counts.applied_messages", c.changed),
          part("slotdesk.loads.done_counts.unchanged", c.unchanged),
          part("slotdesk.loads.done_counts.pending_messages", c.pending),
          part("slotdesk.loads.done_counts.skipped_messages", c.skipped),
        ]
      : [
          part("slotdesk.loads.done_counts.new", c.new),
          part("slotdesk.loads.done_counts.changed", c.changed),
          part("slotdesk.loads.done_counts.unchanged", c.unchanged),
          part("slotdesk.loads.done_counts.skipped", c.skipped),
        ];
  return parts.join(", ");
}

const nextPaint = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

export default function DataLoadsView() {
  const translate = useTranslate();
  const previewCall = usePreviewDataLoad();
  const applyCall = useApplyDataLoad();
  const [values, setValues] = useState<UploadValues>({ kind: "schedule" });
  const [stage, setStage] = useState<Stage | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<DataLoad | null>(null);

  /** The server's Spanish message and the file's lines it names; never a field name or JSON. */
  const failureOf = (error: unknown): Failure => {
    if (!(error instanceof DataLoadError)) return { message: translate("slotdesk.errors.generic"), details: [] };
    if (error.details.some((detail) => detail.field)) return { message: translate("slotdesk.loads.errors.rejected"), details: [] };
    const details = error.details
      .filter((detail) => detail.line !== undefined)
      .slice(0, MAX_DETAILS)
      .map((detail) => translate("slotdesk.loads.errors.problem", { line: detail.line, column: detail.column ?? 1, message: detail.message }));
    return { message: error.message, details };
  };

  const changeValues = (next: UploadValues) => {
    // Another file or kind: the preview shown is no longer this file's.
    if (next.file !== values.file || next.kind !== values.kind) {
      setPending(null);
      setFailure(null);
    }
    setValues(next);
  };

  const preview = async (form: components["schemas"]["DataLoadForm"]) => {
    setFailure(null);
    setDone(null);
    setPending(null);
    setStage("reading");
    await nextPaint();
    const file = decodeDataUrl(form.file);
    if (!file) {
      setStage(null);
      setFailure({ message: translate("slotdesk.loads.errors.file_unreadable"), details: [] });
      return;
    }
    if (file.text.length > MAX_CONTENT) {
      setStage(null);
      setFailure({ message: translate("slotdesk.loads.form.too_large"), details: [] });
      return;
    }
    const request: DataLoadRequest = { kind: form.kind, content: file.text, skip_errors: false, ...(file.name ? { file_name: file.name.slice(0, 256) } : {}) };
    setStage("analyzing");
    try {
      setPending({ request, preview: await previewCall.mutateAsync(request) });
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setStage(null);
    }
  };

  const apply = async () => {
    if (!pending) return;
    setFailure(null);
    setStage("loading");
    try {
      const load = await applyCall.mutateAsync({ ...pending.request, skip_errors: pending.preview.errors > 0 });
      setDone(load);
      setPending(null);
      setValues((current) => ({ kind: current.kind }));
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setStage(null);
    }
  };

  const busy = stage !== null;
  return (
    <Box sx={{ p: 2, maxWidth: 1400 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate("slotdesk.views.loads")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate("slotdesk.loads.intro")}
      </Typography>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
          <UploadForm values={values} disabled={busy || pending !== null} onChange={changeValues} onSubmit={(form) => void preview(form)} />
        </Paper>
        {stage ? (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {translate(STAGE_KEYS[stage])}
            </Typography>
            <LinearProgress aria-label={translate(STAGE_KEYS[stage])} />
          </Box>
        ) : null}
        {failure ? (
          <Alert severity="error" onClose={() => setFailure(null)}>
            {failure.message}
            {failure.details.length > 0 ? (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }}>
                {failure.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </Box>
            ) : null}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" onClose={() => setDone(null)}>
            {translate("slotdesk.loads.done", { counts: doneCounts(done, translate) })}
          </Alert>
        ) : null}
        {pending ? (
          <PreviewPanel preview={pending.preview} busy={busy} onLoad={() => void apply()} onCancel={() => setPending(null)} />
        ) : null}
        <LoadHistory />
      </Stack>
    </Box>
  );
}
