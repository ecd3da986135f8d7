import type { TranslateFunction } from "react-admin";
import type { components } from "../../generated/openapi";

type ApiError = components["schemas"]["Error"];

/** The contract's `NewPassword`: at least 12 characters (counted as the server counts them, by code point). */
export const MIN_PASSWORD_LENGTH = 12;

/** The contract's upper bounds for names and e-mail addresses (256) and for passwords (1024). */
export const MAX_NAME_LENGTH = 256;
export const MAX_EMAIL_LENGTH = 256;
export const MAX_PASSWORD_LENGTH = 1024;

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

/**
 * The checks made before a new password is sent: both fields filled, at least 12 characters, and
 * the confirmation equal to it. Passwords are never trimmed.
 */
export const checkNewPassword = (password: string, confirmation: string, translate: TranslateFunction): NewPasswordErrors => {
  const errors: NewPasswordErrors = {};
  if (password === "") errors.password = translate("slotdesk.account.new_password_required");
  else if ([...password].length < MIN_PASSWORD_LENGTH) errors.password = translate("slotdesk.account.password_too_short");
  if (confirmation === "") errors.confirmation = translate("slotdesk.account.confirmation_required");
  else if (!errors.password && confirmation !== password) {
    errors.confirmation = translate("slotdesk.account.password_mismatch");
  }
  return errors;
};

/**
 * The message the server gave about one field in a 400 (`errors[].field`), if any. The body is
 * typed from the contract, but a proxy's page arrives as text: hence the array check.
 */
export const serverFieldMessage = (error: ApiError | undefined, field: string): string | undefined => {
  const details = error?.errors;
  if (!Array.isArray(details)) return undefined;
  return details.find((detail) => detail.field === field)?.message;
};
