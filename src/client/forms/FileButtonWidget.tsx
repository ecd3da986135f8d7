/**
 * A file field of the contract's forms (`format: data-url`) drawn as a button, where a seed draws
 * one (Inicio de temporada): the hidden file input is named by the field's title, the button and
 * the line under it (the chosen file's name, or what to say when there is none) are ui options.
 * The chosen file goes into the form as a data URL, so the contract's `maxLength` and pattern
 * decide whether it is accepted.
 */
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, Typography } from "@mui/material";
import type { WidgetProps } from "@rjsf/utils";
import { useRef } from "react";
import { dataUrlName, fileToDataUrl } from "../files/dataUrl";

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export function FileButtonWidget({ id, value, label, disabled, readonly, onChange, options }: WidgetProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const current: unknown = value;
  const chosen = typeof current === "string" && current !== "" ? (dataUrlName(current) ?? "") : null;
  const choose = async (picked: File | undefined) => {
    if (input.current) input.current.value = "";
    if (picked) onChange(await fileToDataUrl(picked));
  };
  return (
    <Box>
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        accept={text(options.accept)}
        aria-label={label}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled || readonly} onClick={() => input.current?.click()}>
        {text(options.buttonLabel) ?? label}
      </Button>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid={text(options.testId)}>
        {chosen ?? text(options.emptyText) ?? ""}
      </Typography>
    </Box>
  );
}
