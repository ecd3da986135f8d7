import { Alert, Box, CircularProgress, Stack, Typography } from "@mui/material";
import { QueryClientProvider } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslate } from "../../client/i18n/translate";
import { PageLink, useNavigation } from "../navigation";
import type { components } from "../../generated/openapi";
import { apiErrorMessage } from "../../client/api/client";
import { publicQueryClient, setPasswordWithToken, useAccountToken } from "../../client/queries/accountLinks";
import { failureText } from "../../client/queries/request";
import { LOGIN_PATH } from "../../client/auth/session";
import { usePageTitle } from "../../client/ui/usePageTitle";
import { checkNewPassword, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from "./accountRules";
import { AuthCard } from "./AuthCard";
import { AuthSubmitButton } from "./AuthSubmitButton";
import { AuthField } from "./AuthField";
import { PASSWORD_SAVED_STATE } from "./loginNotice";

type AccountToken = components["schemas"]["AccountToken"];
type SetPasswordRequest = components["schemas"]["SetPasswordRequest"];

/** The e-mailed link: being checked, no longer usable (the server's words), or good for this account. */
type LinkState =
  | { status: "checking" }
  | { status: "gone"; message: string }
  | { status: "ready"; account: AccountToken };

interface FieldErrors {
  name?: string;
  password?: string;
  confirmation?: string;
}

const TITLE_KEYS: Record<LinkState["status"], string> = {
  checking: "slotdesk.account.set_password_title",
  gone: "slotdesk.account.set_password_title",
  ready: "slotdesk.account.reset_title",
};

/**
 * /auth/set-password?token=… (outside the shell, for a signed-out visitor): the page an
 * invitation or a password-reset e-mail links to. It asks the server what the link is for, then
 * lets the person choose a password (and, for an invitation, confirm their name). Once saved it
 * goes to the login page with a notice.
 */
export const SetPasswordPage = () => {
  const { search } = useNavigation();
  const token = new URLSearchParams(search).get("token")?.trim() ?? "";
  // A new token is a new link: start over.
  return (
    <QueryClientProvider client={publicQueryClient}>
      <SetPasswordLink key={token} token={token} />
    </QueryClientProvider>
  );
};

const SetPasswordLink = ({ token }: { token: string }) => {
  const translate = useTranslate();
  const checked = useAccountToken(token);
  // The link found unusable when the password was set (used meanwhile, expired).
  const [goneMessage, setGoneMessage] = useState<string | null>(null);
  const link: LinkState =
    token === ""
      ? { status: "gone", message: translate("slotdesk.account.missing_token") }
      : goneMessage !== null
        ? { status: "gone", message: goneMessage }
        : checked.data
          ? { status: "ready", account: checked.data }
          : checked.error
            ? { status: "gone", message: failureText(checked.error) }
            : { status: "checking" };

  const titleKey =
    link.status === "ready" && link.account.purpose === "invitation"
      ? "slotdesk.account.invitation_title"
      : TITLE_KEYS[link.status];
  usePageTitle(titleKey);


  const gone = (message: string) => setGoneMessage(message);

  return (
    <AuthCard titleKey={titleKey}>
      {link.status === "checking" ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", py: 2 }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate("slotdesk.account.checking_link")}</Typography>
        </Stack>
      ) : null}
      {link.status === "gone" ? (
        <>
          <Alert severity="error">{link.message}</Alert>
          <PageLink to={LOGIN_PATH}>{translate("slotdesk.account.go_to_login")}</PageLink>
        </>
      ) : null}
      {link.status === "ready" ? <SetPasswordForm token={token} account={link.account} onGone={gone} /> : null}
    </AuthCard>
  );
};

interface SetPasswordFormProps {
  token: string;
  account: AccountToken;
  /** The server says the link can no longer be used (410). */
  onGone: (message: string) => void;
}

const SetPasswordForm = ({ token, account, onGone }: SetPasswordFormProps) => {
  const translate = useTranslate();
  const { navigate } = useNavigation();
  const invitation = account.purpose === "invitation";
  const [name, setName] = useState(account.name);
  const [lastName, setLastName] = useState(account.last_name);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = checkNewPassword(password, confirmation, translate);
    if (invitation && name.trim() === "") found.name = translate("slotdesk.account.name_required");
    setErrors(found);
    setFailure(null);
    if (found.name || found.password || found.confirmation) return;

    const body: SetPasswordRequest = {
      token,
      password,
      password_confirmation: confirmation,
      ...(invitation ? { name: name.trim(), last_name: lastName.trim() } : {}),
    };
    setBusy(true);
    const result = await setPasswordWithToken(body).catch(() => null);
    if (result?.response.ok) {
      navigate(LOGIN_PATH, { replace: true, state: PASSWORD_SAVED_STATE });
      return;
    }
    setBusy(false);
    const message = apiErrorMessage(result?.error ?? null);
    if (result?.response.status === 410) onGone(message);
    else setFailure(message);
  };

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={submit}>
      <Typography color="text.secondary">
        {translate(invitation ? "slotdesk.account.invitation_intro" : "slotdesk.account.reset_intro")}
      </Typography>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <AuthField
        label={translate("slotdesk.account.email")}
        type="email"
        name="email"
        autoComplete="username"
        value={account.email}
        readOnly
      />
      {invitation ? (
        <Box sx={{ display: "flex", gap: 2 }}>
          <AuthField
            label={translate("slotdesk.account.name")}
            name="name"
            autoComplete="given-name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            disabled={busy}
            maxLength={MAX_NAME_LENGTH}
          />
          <AuthField
            label={translate("slotdesk.account.last_name")}
            name="last_name"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            disabled={busy}
            maxLength={MAX_NAME_LENGTH}
          />
        </Box>
      ) : null}
      <AuthField
        label={translate("slotdesk.account.password")}
        type="password"
        name="password"
        autoComplete="new-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        disabled={busy}
        maxLength={MAX_PASSWORD_LENGTH}
      />
      <AuthField
        label={translate("slotdesk.account.password_confirmation")}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={Boolean(errors.confirmation)}
        helperText={errors.confirmation}
        disabled={busy}
        maxLength={MAX_PASSWORD_LENGTH}
      />
      <AuthSubmitButton labelKey="slotdesk.account.save_password" busyKey="slotdesk.account.saving" busy={busy} />
    </Stack>
  );
};
