/**
 * The signed-in user's own account (name, password) and the e-mailed links (invitation,
 * password reset) that let a person set a password without being signed in.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Handler } from "../contract/routes";
import { sessions, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { versionStamp } from "../http/versionStamp";
import { toSessionUser } from "../auth/sessions";
import { throttleResetRequest } from "../auth/throttle";
import { resetMail } from "./mails";
import { accountLink, consumeToken, findLiveToken, issueToken } from "./tokens";

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
  await services.db
    .update(users)
    .set({ name, lastName, ...versionStamp(users.version, { ...user, name, lastName }, services.now()) })
    .where(eq(users.id, user.id));
  return { status: 200, body: toSessionUser({ ...user, name, lastName }) };
};

export const changeOwnPassword: Handler<"changeOwnPassword"> = async ({ body, user, services }) => {
  assertConfirmed(body.new_password, body.new_password_confirmation, "new_password_confirmation");
  const [row] = await services.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row?.hash || !(await services.passwords.verify(body.current_password, row.hash))) {
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
  await services.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
    // Anyone else holding a session of this account is signed out; this tab stays signed in.
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)));
  });
  return { status: 204 };
};

export const requestPasswordReset: Handler<"requestPasswordReset"> = async ({ body, request, services }) => {
  const email = body.email.trim().toLowerCase();
  // Before anything else, and alike for every address: the limit must not tell who has an account.
  await throttleResetRequest(services.db, email, request.ip, services.now());
  const [row] = await services.db
    .select({ id: users.id, name: users.name, isBlocked: users.isBlocked, isPending: users.isPending })
    .from(users)
    .where(eq(users.email, email));
  if (row && !row.isBlocked && !row.isPending) {
    await services.db.transaction(async (tx) => {
      const { token, expiresAt } = await issueToken(tx, row.id, "reset", services.now());
      await services.mailer.send(
        tx,
        resetMail({ email, name: row.name, link: accountLink(services.config.publicAppUrl, token), expiresAt }),
      );
    });
  }
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
  const [row] = await services.db
    .select({ email: users.email, name: users.name, lastName: users.lastName, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, token.userId));
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
  await services.db.transaction(async (tx) => {
    const token = await consumeToken(tx, body.token, services.now());
    if (!token) throw new HttpError(410, LINK_GONE);
    const [row] = await tx
      .select({ isBlocked: users.isBlocked, name: users.name, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, token.userId));
    if (!row || row.isBlocked) throw new HttpError(410, LINK_GONE);
    const names = {
      ...(body.name?.trim() ? { name: body.name.trim() } : {}),
      ...(body.last_name?.trim() ? { lastName: body.last_name.trim() } : {}),
    };
    const named = token.purpose === "invitation" ? names : {};
    await tx
      .update(users)
      // Pending → active (and maybe named) is a change of the user's record: its version moves on.
      .set({
        passwordHash: hash,
        isPending: false,
        ...named,
        ...versionStamp(users.version, { ...row, ...named, id: token.userId }, services.now()),
      })
      .where(eq(users.id, token.userId));
    // A reset means the old password may be known to someone else: end every session.
    await tx.delete(sessions).where(eq(sessions.userId, token.userId));
  });
  return { status: 204 };
};
