/**
 * CSRF protection by double submit: the page reads the `csrftoken` cookie and echoes it in the
 * `X-CSRFToken` header. Another site can make the browser send the cookie, but cannot read it
 * to forge the header. The session cookie's SameSite=Lax is the second layer.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";

export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  const token = existing && existing.length >= 32 ? existing : randomBytes(32).toString("base64url");
  reply.setCookie(CSRF_COOKIE, token, {
    path: "/",
    sameSite: "lax",
    httpOnly: false,
    secure: request.protocol === "https",
    maxAge: 60 * 60 * 24 * 30,
  });
  return token;
}

export function verifyCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== "string" || header.length === 0) {
    throw new HttpError(403, "Falta el encabezado X-CSRFToken. Recargue la página e inténtelo de nuevo.");
  }
  const a = Buffer.from(header);
  const b = Buffer.from(cookie ?? "");
  if (!cookie || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new HttpError(403, "El token CSRF no es válido. Recargue la página e inténtelo de nuevo.");
  }
}
