/**
 * The dashed zone Carga de referencias takes a file in (the request's and the reply's .txt, the
 * coordinator's list): dropped on it or chosen with 'Seleccionar', its name shown (or the hint),
 * and removed with 'Quitar'. What a chosen file is checked for, and what removing it clears, is
 * the caller's.
 */
import DeleteIcon from "@mui/icons-material/Delete";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Button, Paper, Stack, type SxProps, type Theme, Typography } from "@mui/material";
import { type DragEvent, useRef, useState } from "react";
import { useTranslate } from "react-admin";

export interface FileDropZoneProps {
  /** The zone's heading and its group's accessible name. */
  label: string;
  /** The chosen file's name, or null while none is. */
  fileName: string | null;
  /** The catalog whose `drop_hint` (shown while no file is chosen), `select` and `remove` it shows. */
  texts: string;
  /** The remove button's accessible name where the text alone is ambiguous (several zones). */
  removeLabel?: string;
  /** The file input's accept list. */
  accept: string;
  /** Prefixes the test ids of the name (`-file-name`) and of the input (`-file-input`). */
  testIdPrefix: string;
  /** While true, nothing is taken and nothing removed. */
  disabled: boolean;
  /** A file dropped or chosen (undefined when the drop or the dialog brought none). */
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
  /** The zone's place in its layout (width, margins). */
  sx?: SxProps<Theme>;
}

export default function FileDropZone({
  label,
  fileName,
  texts,
  removeLabel,
  accept,
  testIdPrefix,
  disabled,
  onChoose,
  onRemove,
  sx,
}: FileDropZoneProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hasFile = fileName !== null;
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onChoose(event.dataTransfer.files[0]);
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
          <Button variant="outlined" size="small" disabled={disabled} onClick={() => input.current?.click()}>
            {translate(`${texts}.select`)}
          </Button>
          <Button
            variant="text"
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={disabled || !hasFile}
            onClick={onRemove}
            aria-label={removeLabel}
          >
            {translate(`${texts}.remove`)}
          </Button>
        </Stack>
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          data-testid={`${testIdPrefix}-file-input`}
          onChange={(event) => {
            onChoose(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </Stack>
    </Paper>
  );
}
