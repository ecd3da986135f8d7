/** Sign-in, sign-out, the session user and the CSRF token. */
import { isRoleName } from "../../generated/access";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { issueCsrfToken, renewCsrfToken } from "./csrf";
import { countFailure, loginLock, signedIn, throttleKeys, userForLogin } from "./queries";
import { clientKey, retryLater } from "./throttle";
import { toSessionUser } from "./sessions";

/**
 * Throttling (OWASP ASVS V2.2), per client and account together and per client across accounts:
 * MAX_FAILURES from one client for one account lock that client out of that account for
 * LOCK_MINUTES, while the owner still signs in from their own client; MAX_CLIENT_FAILURES from one
 * client across any accounts (password spraying) lock that client out of sign-in. A locked attempt
 * is refused before any password is hashed, so a flood costs no CPU.
 */
export const MAX_FAILURES = 5;
export const MAX_CLIENT_FAILURES = 20;
export const WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;
const MINUTE_MS = 60_000;

const WRONG_CREDENTIALS = "Correo o contraseña incorrectos.";

const lockedError = (lockedUntil: Date, now: Date): HttpError =>
  retryLater("Demasiados intentos fallidos para esta cuenta desde este equipo.", lockedUntil, now);
const clientLockedError = (lockedUntil: Date, now: Date): HttpError =>
  retryLater("Demasiados intentos fallidos de inicio de sesión desde este equipo.", lockedUntil, now);

export const getCsrfToken: Handler<"getCsrfToken"> = async ({ request, reply }) => ({
  status: 200,
  body: { csrftoken: issueCsrfToken(request, reply) },
});

export const login: Handler<"login"> = async ({ body, request, reply, services }) => {
  const { db, passwords, sessions } = services;
  const now = services.now();
  const email = body.email.trim().toLowerCase();

  const keys = throttleKeys(clientKey(request.ip), email);
  const clientLock = await loginLock(db, keys.client);
  if (clientLock?.lockedUntil && clientLock.lockedUntil > now) throw clientLockedError(clientLock.lockedUntil, now);
  const lock = await loginLock(db, keys.pair);
  if (lock?.lockedUntil && lock.lockedUntil > now) throw lockedError(lock.lockedUntil, now);

  const user = await userForLogin(db, email);

  if (user?.isPending || (user && !user.passwordHash)) {
    throw new HttpError(
      403,
      "Este usuario no ha concluido su registro. Use el enlace del correo de invitación para crear su contraseña.",
    );
  }

  const valid = user?.passwordHash
    ? await passwords.verify(body.password, user.passwordHash)
    : await passwords.burn(body.password).then(() => false);

  if (!user || !valid) {
    const window = {
      windowStart: new Date(now.getTime() - WINDOW_MINUTES * MINUTE_MS),
      lockUntil: new Date(now.getTime() + LOCK_MINUTES * MINUTE_MS),
    };
    const clientRow = await countFailure(db, keys.client, now, MAX_CLIENT_FAILURES, window);
    const row = await countFailure(db, keys.pair, now, MAX_FAILURES, window);
    if (row?.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);
    if (clientRow?.lockedUntil && clientRow.lockedUntil > now) throw clientLockedError(clientRow.lockedUntil, now);
    const left = MAX_FAILURES - (row?.failures ?? 1);
    throw new HttpError(
      401,
      left <= 2
        ? `${WRONG_CREDENTIALS} Después de ${left} ${left === 1 ? "intento fallido más" : "intentos fallidos más"}, la cuenta se bloqueará ${LOCK_MINUTES} minutos en este equipo.`
        : WRONG_CREDENTIALS,
    );
  }

  if (user.isBlocked) {
    throw new HttpError(403, "Su cuenta está bloqueada. Contacte a un administrador de Slotdesk.");
  }
  if (!isRoleName(user.role)) {
    throw new HttpError(403, "Su usuario no tiene un rol válido. Contacte a un administrador de Slotdesk.");
  }

  await signedIn(db, keys.pair, user.id, now);
  await sessions.endCurrent(request);
  const session = await sessions.open(user.id, request, reply);
  // The page's CSRF token is bound to the session: the new session gets its own.
  renewCsrfToken(request, reply, session);
  return { status: 200, body: toSessionUser({ ...user, role: user.role }) };
};

export const logout: Handler<"logout"> = async ({ user, request, reply, services }) => {
  await services.sessions.end(user.sessionId, request, reply);
  renewCsrfToken(request, reply, undefined);
  return { status: 204 };
};

/**
 * The session user. Every page load asks, so it also hands the page a CSRF token good for this
 * session when the one it holds is not (a cookie from before tokens were bound to sessions).
 */
export const getSessionUser: Handler<"getSessionUser"> = async ({ user, request, reply }) => {
  issueCsrfToken(request, reply);
  return { status: 200, body: toSessionUser(user) };
};
