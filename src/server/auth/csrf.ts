/**
 * CSRF protection by a signed double submit, bound to the session (OWASP's "signed double-submit
 * cookie"): the page reads the `csrftoken` cookie and echoes it in the `X-CSRFToken` header, and
 * a signed-in request's token must also carry an HMAC of its nonce keyed by the session token.
 * Another site can make the browser send the cookies but cannot read them to forge the header;
 * and someone who can plant a cookie (a sibling subdomain, a proxy) cannot sign a token for a
 * session whose HttpOnly token they never see. The key is the session token itself, so several
 * server instances need no shared secret. The session cookie's SameSite=Lax is the second layer.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors";
import { SESSION_COOKIE } from "./sessions";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";

const signature = (nonce: string, session: string): string => createHmac("sha256", session).update(nonce).digest("base64url");

const sameText = (left: string, right: string): boolean => {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether `token` is one this session (or, with no session, anyone) may send: `nonce.signature` for a session. */
const validFor = (token: string, session: string | undefined): boolean => {
  if (!session) return token.length >= 32;
  const [nonce, signed, extra] = token.split(".");
  return !!nonce && nonce.length >= 32 && !!signed && extra === undefined && sameText(signed, signature(nonce, session));
};

/** A new token for the session (the raw session token), or an unsigned one before signing in. */
const newToken = (session: string | undefined): string => {
  const nonce = randomBytes(32).toString("base64url");
  return session ? `${nonce}.${signature(nonce, session)}` : nonce;
};

const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string): void => {
  reply.setCookie(CSRF_COOKIE, token, {
    path: "/",
    sameSite: "lax",
    httpOnly: false,
    secure: request.protocol === "https",
    maxAge: 60 * 60 * 24 * 30,
  });
};

/** The request's token if it is still good for its session, else a new one; set as the cookie. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const session = request.cookies[SESSION_COOKIE];
  const existing = request.cookies[CSRF_COOKIE];
  const token = existing && validFor(existing, session) ? existing : newToken(session);
  setCookie(request, reply, token);
  return token;
}

/** After a session opens or ends: a token for the new one (`session` the raw token, or none). */
export function renewCsrfToken(request: FastifyRequest, reply: FastifyReply, session: string | undefined): void {
  setCookie(request, reply, newToken(session));
}

export function verifyCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== "string" || header.length === 0) {
    throw new HttpError(403, "Falta el encabezado X-CSRFToken. Recargue la página e inténtelo de nuevo.");
  }
  if (!cookie || !sameText(header, cookie) || !validFor(header, request.cookies[SESSION_COOKIE])) {
    throw new HttpError(403, "El token CSRF no es válido. Recargue la página e inténtelo de nuevo.");
  }
}
