import { Button, CircularProgress } from "@mui/material";
import { useTranslate } from "../../client/i18n/translate";

export interface AuthSubmitButtonProps {
  /** Catalog key of the label. */
  labelKey: string;
  /** Catalog key of the label while the call runs. */
  busyKey: string;
  /** While the call runs: disabled, with a spinner. */
  busy: boolean;
}

/** The large submit button of the forms outside the shell (sign-in, set password). */
export const AuthSubmitButton = ({ labelKey, busyKey, busy }: AuthSubmitButtonProps) => {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {translate(busy ? busyKey : labelKey)}
    </Button>
  );
};
