/**
 * The signed-in user's own account (name, password) and the e-mailed links (invitation,
 * password reset) that let a person set a password without being signed in.
 */
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { resolveAirport } from "../airports/access";
import { toSessionUser } from "../auth/sessions";
import { throttleResetRequest } from "../auth/throttle";
import { passwordHashOf, renameOwnUser, setOwnPassword, userAccount } from "../users/queries";
import { checkTurnoverColumns, ownPreferences, saveOwnPreferences as savePreferences } from "./preferences";
import { emailResetLink, passwordFromLink } from "./queries";
import { findLiveToken } from "./tokens";

const LINK_GONE =
  "El enlace ya no es válido: se usó antes, venció o fue reemplazado por uno más reciente. Pida a un administrador que le envíe uno nuevo.";

function assertConfirmed(password: string, confirmation: string, field: string): void {
  if (password !== confirmation) {
    throw new HttpError(400, "La confirmación no coincide con la nueva contraseña.", [
      { field, message: "La confirmación no coincide con la nueva contraseña." },
    ]);
  }
}

export const changeOwnName: Handler<"changeOwnName"> = async ({ body, user, services }) => {
  const name = body.name.trim();
  if (!name) {
    throw new HttpError(400, "El nombre es obligatorio.", [{ field: "name", message: "El nombre es obligatorio." }]);
  }
  const lastName = body.last_name?.trim() ?? user.lastName;
  // The name is the user's record too: an Admin's edit made from before this change is refused.
  await renameOwnUser(services.db, user, name, lastName, services.now());
  return { status: 200, body: toSessionUser({ ...user, name, lastName }) };
};

export const changeOwnPassword: Handler<"changeOwnPassword"> = async ({ body, user, services }) => {
  assertConfirmed(body.new_password, body.new_password_confirmation, "new_password_confirmation");
  const stored = await passwordHashOf(services.db, user.id);
  if (!stored || !(await services.passwords.verify(body.current_password, stored))) {
    throw new HttpError(400, "La contraseña actual no es correcta.", [
      { field: "current_password", message: "La contraseña actual no es correcta." },
    ]);
  }
  if (body.new_password === body.current_password) {
    throw new HttpError(400, "La nueva contraseña debe ser distinta de la actual.", [
      { field: "new_password", message: "La nueva contraseña debe ser distinta de la actual." },
    ]);
  }
  const hash = await services.passwords.hash(body.new_password);
  // Anyone else holding a session of this account is signed out; this tab stays signed in.
  await setOwnPassword(services.db, user.id, hash, user.sessionId);
  return { status: 204 };
};

export const requestPasswordReset: Handler<"requestPasswordReset"> = async ({ body, request, services }) => {
  const email = body.email.trim().toLowerCase();
  // Before anything else, and alike for every address: the limit must not tell who has an account.
  await throttleResetRequest(services.db, email, request.ip, services.now());
  const row = await userAccount(services.db, { email });
  if (row && !row.isBlocked && !row.isPending) await emailResetLink(services, row.id, email, row.name);
  return {
    status: 202,
    body: {
      message:
        "Si el correo pertenece a un usuario activo de Slotdesk, recibirá un enlace para restablecer su contraseña. El enlace vence en 60 minutos.",
    },
  };
};

export const getAccountToken: Handler<"getAccountToken"> = async ({ query, services }) => {
  const token = await findLiveToken(services.db, query.token, services.now());
  if (!token) throw new HttpError(410, LINK_GONE);
  const row = await userAccount(services.db, { id: token.userId });
  if (!row || row.isBlocked) throw new HttpError(410, LINK_GONE);
  const purpose = token.purpose === "invitation" ? "invitation" : "reset";
  return {
    status: 200,
    body: { purpose, email: row.email, name: row.name, last_name: row.lastName, expires_at: token.expiresAt.toISOString() },
  };
};

export const setPasswordWithToken: Handler<"setPasswordWithToken"> = async ({ body, services }) => {
  assertConfirmed(body.password, body.password_confirmation, "password_confirmation");
  // Hash before the transaction: scrypt takes a while and must not hold the row locks.
  const hash = await services.passwords.hash(body.password);
  const names = {
    ...(body.name?.trim() ? { name: body.name.trim() } : {}),
    ...(body.last_name?.trim() ? { lastName: body.last_name.trim() } : {}),
  };
  if (!(await passwordFromLink(services.db, body.token, hash, names, services.now()))) throw new HttpError(410, LINK_GONE);
  return { status: 204 };
};

export const getOwnPreferences: Handler<"getOwnPreferences"> = async ({ user, services }) => ({
  status: 200,
  body: await ownPreferences(services.db, user.id),
});

export const saveOwnPreferences: Handler<"saveOwnPreferences"> = async ({ body, user, services }) => {
  checkTurnoverColumns(body.turnover_hidden_columns);
  // A chosen airport must be held, and one the person may see (issue 37: 400 and 403).
  if (typeof body.airport === "string") await resolveAirport(services, user, body.airport);
  const who = `${user.name} ${user.lastName}`.trim();
  return { status: 200, body: await savePreferences(services.db, user.id, who, body, services.now()) };
};
