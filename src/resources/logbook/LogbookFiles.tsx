/**
 * The four files of a logbook part in the 'Solicitud' viewer (seed 002 §4, §7, §8, §9): the request
 * and response text files and their official letters (PDF). A file present offers download and
 * delete (after the seed's confirmation); an absent one, upload. The response txt only arrives with
 * the reference upload, so it is only downloaded. Downloads are named by the server
 * (`{icao}{season}{reference:03}[-{part}]`, the `airline` setting's ICAO code: VIV in the demo).
 *
 * The groups are a form generated from the contract's LogbookFilesForm: each group's label is its
 * field's title, the response's text is read-only there, and a chosen file is taken only within
 * the field's limits (its pattern, the size as the data URL's `maxLength`), else a Spanish notice
 * says why. `logbookUploadOf` turns a chosen file into the upload operation's fields.
 */
import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, ButtonGroup, Paper, Stack, Typography } from "@mui/material";
import Form from "@rjsf/mui";
import type { ObjectFieldTemplateProps, RegistryWidgetsType, RJSFSchema, UiSchema, WidgetProps } from "@rjsf/utils";
import { useRef, useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { dataUrlToFile, fileToDataUrl } from "../../client/files/dataUrl";
import { saveDownload } from "../../client/files/download";
import { refusedFile } from "../../client/forms/fileField";
import { BareField } from "../../client/forms/layout";
import { downloadLogbookFile, type LogbookFileFlags, useDeleteLogbookFile, useUploadLogbookFile } from "../../client/queries/logbook";
import { formValidator } from "../../client/schema/validator";
import { FORM_SCHEMAS } from "../../generated/forms";
import type { components } from "../../generated/openapi";
import type { LogbookPart } from "./data";
import "../../client/i18n/logbookTexts";

type LogbookFilesValues = components["schemas"]["LogbookFilesForm"];
type FileKind = keyof LogbookFilesValues;

const SCHEMA = FORM_SCHEMAS.LogbookFilesForm;
const KINDS: readonly FileKind[] = ["request_text", "response_text", "request_pdf", "response_pdf"];
const FLAGS: Record<FileKind, LogbookFileFlags> = {
  request_text: { is_request: true, is_text_file: true },
  response_text: { is_request: false, is_text_file: true },
  request_pdf: { is_request: true, is_text_file: false },
  response_pdf: { is_request: false, is_text_file: false },
};
const PRESENT: Record<FileKind, (part: LogbookPart) => boolean> = {
  request_text: (part) => part.is_request_text,
  response_text: (part) => part.is_response_text,
  request_pdf: (part) => part.is_request_pdf,
  response_pdf: (part) => part.is_response_pdf,
};
const isKind = (value: string): value is FileKind => KINDS.some((kind) => kind === value);
/** Statuses whose message the server wrote for the user (the file, its size, its kind). */
const EXPLAINED = new Set([400, 404, 409, 413, 415]);

/** A chosen file as the upload operation takes it (`LogbookFileForm`, multipart): the field's flags and the file. */
export const logbookUploadOf = (kind: FileKind, dataUrl: string): { flags: LogbookFileFlags; file: File } | null => {
  const file = dataUrlToFile(dataUrl);
  return file ? { flags: FLAGS[kind], file } : null;
};

/** What the groups need beyond their schema: the part, and which group is uploading. */
interface FilesContext {
  part: LogbookPart;
  uploading: FileKind | null;
  /** A download or delete failed: the server's sentence when it wrote one for the user. */
  fail(status: number | undefined, error: unknown): void;
}

/** The groups side by side, as the seed draws them. */
const GroupsRow = ({ properties }: ObjectFieldTemplateProps) => (
  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
    {properties.map((property) => (
      <Box key={property.name}>{property.content}</Box>
    ))}
  </Stack>
);

/** A file's group: download and delete when present, else upload (into the form, as a data URL); read-only fields only download. */
function LogbookFileWidget({ name, label, readonly, disabled, onChange, registry }: WidgetProps<LogbookFilesValues, RJSFSchema, FilesContext>) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const { part, uploading, fail } = registry.formContext;
  const { mutateAsync: deleteFile, isPending: deleting } = useDeleteLogbookFile();
  if (!isKind(name)) return null;
  const flags = FLAGS[name];
  const busy = uploading === name || deleting || Boolean(disabled);
  const present = PRESENT[name](part);
  const extension = flags.is_text_file ? ".txt" : ".pdf";

  const download = async () => {
    const result = await downloadLogbookFile(part.id, flags).catch(() => null);
    if (!result?.data) {
      fail(result?.response.status, result?.error);
      return;
    }
    saveDownload(result.data, result.response, `archivo${extension}`);
  };

  const remove = async () => {
    const result = await deleteFile({ partId: part.id, flags });
    setConfirming(false);
    if (result?.data) notify("slotdesk.logbook.files.deleted", { type: "success" });
    else fail(result?.response.status, result?.error);
  };

  const choose = async (file: File | undefined) => {
    if (file) onChange(await fileToDataUrl(file));
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 220 }} role="group" aria-label={label}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      {present ? (
        <ButtonGroup size="small" variant="outlined" disabled={busy}>
          <Button startIcon={<DownloadIcon />} onClick={() => void download()}>
            {translate("slotdesk.logbook.files.download")}
          </Button>
          {!readonly ? (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
              {translate("slotdesk.logbook.files.delete")}
            </Button>
          ) : null}
        </ButtonGroup>
      ) : !readonly ? (
        <>
          <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
            {translate("slotdesk.logbook.files.upload")}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={flags.is_text_file ? ".txt,text/plain" : ".pdf,application/pdf"}
            aria-label={`${translate("slotdesk.logbook.files.upload")} ${label}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              void choose(file);
            }}
          />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate("slotdesk.logbook.files.absent")} · {translate("slotdesk.logbook.files.response_text_hint")}
        </Typography>
      )}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="slotdesk.logbook.files.delete_title"
        content="slotdesk.logbook.files.delete_confirm"
        translateOptions={{ file: label }}
        confirm="slotdesk.logbook.files.delete"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

const WIDGETS: RegistryWidgetsType<LogbookFilesValues, RJSFSchema, FilesContext> = { logbookFile: LogbookFileWidget };

const UI_SCHEMA: UiSchema = {
  "ui:submitButtonOptions": { norender: true },
  ...Object.fromEntries(KINDS.map((kind) => [kind, { "ui:widget": "logbookFile", "ui:options": { label: false } }])),
};

export const LogbookFiles = ({ part }: { part: LogbookPart }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { mutateAsync: uploadFile } = useUploadLogbookFile();
  const [uploading, setUploading] = useState<FileKind | null>(null);
  /**
   * Changed when a refused file is dropped. The form holds a file only until it is sent: an upload
   * changes `uploading` in the form's context, and rjsf then reads its values again from the empty
   * `formData`; a refusal changes no prop, so the form is made anew.
   */
  const [formKey, setFormKey] = useState(0);

  const fail = (status: number | undefined, error: unknown) =>
    notify(status !== undefined && EXPLAINED.has(status) ? apiErrorMessage(error) : translate("slotdesk.logbook.files.failed"), {
      type: "error",
    });

  /** A file chosen in a group: refused by the contract's limits with a Spanish notice, else uploaded; the part reloads. */
  const upload = async (formData: unknown) => {
    if (typeof formData !== "object" || formData === null) return;
    const kind = KINDS.find((field) => typeof Reflect.get(formData, field) === "string");
    const dataUrl: unknown = kind ? Reflect.get(formData, kind) : undefined;
    if (!kind || typeof dataUrl !== "string") return;
    const refused = refusedFile("LogbookFilesForm", kind, dataUrl);
    if (refused) {
      setFormKey((key) => key + 1);
      notify(refused.message ?? translate("slotdesk.logbook.files.failed"), { type: "error" });
      return;
    }
    const chosen = logbookUploadOf(kind, dataUrl);
    if (!chosen) {
      setFormKey((key) => key + 1);
      return;
    }
    setUploading(kind);
    const result = await uploadFile({ partId: part.id, ...chosen });
    setUploading(null);
    if (result?.data) notify("slotdesk.logbook.files.uploaded", { type: "success" });
    else fail(result?.response.status, result?.error);
  };

  const context: FilesContext = { part, uploading, fail };
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate("slotdesk.logbook.files.title")}
      </Typography>
      <Form
        key={formKey}
        tagName="div"
        schema={SCHEMA}
        uiSchema={UI_SCHEMA}
        widgets={WIDGETS}
        templates={{ ObjectFieldTemplate: GroupsRow, FieldTemplate: BareField }}
        formContext={context}
        formData={{}}
        validator={formValidator("LogbookFilesForm")}
        showErrorList={false}
        noHtml5Validate
        onChange={({ formData }) => void upload(formData)}
      />
    </Box>
  );
};
