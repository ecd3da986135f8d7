/**
 * The four files of a logbook part in the 'Solicitud' viewer (seed 002 §4, §7, §8, §9): the request
 * and response text files and their official letters (PDF). A file present offers download and
 * delete (after the seed's confirmation); an absent one, upload. The response txt only arrives with
 * the reference upload, so it is only downloaded. Downloads are named by the server
 * (`{icao}{season}{reference:03}[-{part}]`, the `airline` setting's ICAO code: VIV in the demo).
 */
import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, ButtonGroup, Paper, Stack, Typography } from "@mui/material";
import { useRef, useState } from "react";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { saveDownload } from "../../client/files/download";
import { downloadLogbookFile, type LogbookFileFlags, useDeleteLogbookFile, useUploadLogbookFile } from "../../client/queries/logbook";
import type { LogbookPart } from "./data";
import "../../client/i18n/logbookTexts";

type FileKind = "request_text" | "response_text" | "request_pdf" | "response_pdf";
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
const LABEL_KEYS: Record<FileKind, string> = {
  request_text: "slotdesk.logbook.files.request_text",
  response_text: "slotdesk.logbook.files.response_text",
  request_pdf: "slotdesk.logbook.files.request_pdf",
  response_pdf: "slotdesk.logbook.files.response_pdf",
};
/** Statuses whose message the server wrote for the user (the file, its size, its kind). */
const EXPLAINED = new Set([400, 404, 409, 413, 415]);

/** A file's group; an upload or a delete reloads the part (and its row in the list). */
const FileGroup = ({ part, kind }: { part: LogbookPart; kind: FileKind }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const { mutateAsync: uploadFile, isPending: uploading } = useUploadLogbookFile();
  const { mutateAsync: deleteFile, isPending: deleting } = useDeleteLogbookFile();
  const busy = uploading || deleting;
  const flags = FLAGS[kind];
  const label = translate(LABEL_KEYS[kind]);
  const present = PRESENT[kind](part);
  const extension = flags.is_text_file ? ".txt" : ".pdf";

  const fail = (status: number | undefined, error: unknown) =>
    notify(status !== undefined && EXPLAINED.has(status) ? apiErrorMessage(error) : translate("slotdesk.logbook.files.failed"), {
      type: "error",
    });

  const upload = async (file: File) => {
    if (!file.name.toLowerCase().endsWith(extension)) {
      notify(flags.is_text_file ? "slotdesk.logbook.files.wrong_txt" : "slotdesk.logbook.files.wrong_pdf", { type: "error" });
      return;
    }
    const result = await uploadFile({ partId: part.id, flags, file });
    if (result?.data) notify("slotdesk.logbook.files.uploaded", { type: "success" });
    else fail(result?.response.status, result?.error);
  };

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

  const uploadable = !(flags.is_text_file && !flags.is_request);
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
          {uploadable ? (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
              {translate("slotdesk.logbook.files.delete")}
            </Button>
          ) : null}
        </ButtonGroup>
      ) : uploadable ? (
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
              if (file) void upload(file);
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
};

export const LogbookFiles = ({ part }: { part: LogbookPart }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate("slotdesk.logbook.files.title")}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        {KINDS.map((kind) => (
          <FileGroup key={kind} part={part} kind={kind} />
        ))}
      </Stack>
    </Box>
  );
};
