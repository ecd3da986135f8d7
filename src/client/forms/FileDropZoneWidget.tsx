/**
 * The dashed zone a file is dropped on or chosen with 'Seleccionar' (Carga de referencias: the
 * request's and the reply's .txt, the coordinator's list), as a widget of the contract's forms: a
 * `format: data-url` field. Its heading is the field's title; its name shown (or the hint), and
 * removed with 'Quitar'. The file goes into the form as a data URL, so the contract's `maxLength`
 * and pattern decide whether it is taken (`refusedFile`, src/client/forms/fileField.ts).
 *
 * ui:options: `texts` (the catalog whose `drop_hint`, `select` and `remove` it shows), `accept`
 * (the file input's list), `testIdPrefix` (of the name, `-file-name`, and the input,
 * `-file-input`), `removeLabel` (the remove button's name where the text alone is ambiguous), `sx`.
 */
import DeleteIcon from "@mui/icons-material/Delete";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Button, Paper, Stack, type SxProps, type Theme, Typography } from "@mui/material";
import type { WidgetProps } from "@rjsf/utils";
import { type DragEvent, useRef, useState } from "react";
import { useTranslate } from "react-admin";
import { dataUrlName, fileToDataUrl } from "../files/dataUrl";

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const isSx = (value: unknown): value is SxProps<Theme> => typeof value === "object" && value !== null;

export function FileDropZoneWidget({ value, label, disabled, readonly, onChange, options }: WidgetProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const current: unknown = value;
  const fileName = typeof current === "string" && current !== "" ? (dataUrlName(current) ?? "") : null;
  const hasFile = fileName !== null;
  const off = Boolean(disabled || readonly);
  const texts = text(options.texts) ?? "";
  const testIdPrefix = text(options.testIdPrefix) ?? "";
  const sx = isSx(options.sx) ? options.sx : undefined;
  const choose = async (chosen: File | undefined) => {
    if (chosen) onChange(await fileToDataUrl(chosen));
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!off) void choose(event.dataTransfer.files[0]);
  };
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={[{ p: 3, borderStyle: "dashed", borderWidth: 2, bgcolor: over ? "action.hover" : undefined }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Stack spacing={1.5} sx={{ alignItems: "center", textAlign: "center" }}>
        <UploadFileIcon color={hasFile ? "primary" : "action"} fontSize="large" aria-hidden />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography color={hasFile ? "text.primary" : "text.secondary"} data-testid={`${testIdPrefix}-file-name`}>
          {fileName ?? translate(`${texts}.drop_hint`)}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" disabled={off} onClick={() => input.current?.click()}>
            {translate(`${texts}.select`)}
          </Button>
          <Button
            variant="text"
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={off || !hasFile}
            onClick={() => onChange(undefined)}
            aria-label={text(options.removeLabel)}
          >
            {translate(`${texts}.remove`)}
          </Button>
        </Stack>
        <input
          ref={input}
          type="file"
          accept={text(options.accept)}
          hidden
          data-testid={`${testIdPrefix}-file-input`}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = "";
            void choose(chosen);
          }}
        />
      </Stack>
    </Paper>
  );
}
