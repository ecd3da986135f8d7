import { FilledInput, FormControl, FormHelperText, InputLabel, OutlinedInput } from "@mui/material";
import { type ChangeEvent, useId } from "react";

export interface AuthFieldProps {
  label: string;
  name: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  autoFocus?: boolean;
  value: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  /** Outlined on the login form; filled elsewhere, as the shell's TextField default. */
  variant?: "outlined" | "filled";
}

/**
 * A text field of the pages outside the shell: what MUI's TextField renders for these props
 * (label tied to the input, helper text as its description, the shell theme's dense size), built
 * from its parts. TextField itself also brings Select, Menu and Popover along, a sixth of the
 * sign-in page's JavaScript, for fields that never use them.
 */
export const AuthField = ({
  label,
  helperText,
  variant = "filled",
  error = false,
  disabled = false,
  required = false,
  readOnly,
  maxLength,
  ...input
}: AuthFieldProps) => {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const inputProps = {
    id,
    ...input,
    readOnly,
    "aria-describedby": helperId,
    slotProps: { input: { maxLength } },
  };
  return (
    <FormControl
      variant={variant}
      error={error}
      disabled={disabled}
      required={required}
      fullWidth
      margin="dense"
      size="small"
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      {variant === "outlined" ? <OutlinedInput label={label} {...inputProps} /> : <FilledInput {...inputProps} />}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
