/**
 * Optimistic versions (issue 25): every resource a person edits answers its `version`, and a write
 * may send back the version it was made from — `version` in the body, or `If-Match` for a write
 * without one. A write from an older version is refused with 409 `STALE VERSION`, naming who made
 * the current change and when, and changes nothing; a write without a version goes ahead as it did
 * before versions existed (the seed's callers).
 *
 * The check belongs inside the write's transaction, on the row read `for update`, so two writes
 * from the same version cannot both pass it.
 */
import type { FastifyRequest } from "fastify";
import { zonedDateTime, LOCAL_ZONE } from "../../domain/zones";
import { HttpError } from "./errors";

/** The state a stale write is measured against: the current version and who made it, when. */
export type CurrentVersion = {
  version: number;
  /** Full name of the person, or null for an import, a command or the system. */
  changedBy: string | null;
  changedAt: Date | string;
};

/** Who an unnamed change is attributed to. */
export const SYSTEM_AUTHOR = "el sistema";

/**
 * The version a write was made from: the body's `version` if it has one, else `If-Match`
 * (`3`, `"3"` or `W/"3"`; the contract's pattern already refused anything else), else null.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion?: number | null): number | null {
  if (typeof bodyVersion === "number") return bodyVersion;
  const header = request.headers["if-match"];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === "") return null;
  const digits = /^(?:W\/)?"?([1-9][0-9]{0,9})"?$/.exec(value.trim());
  if (!digits) throw new HttpError(400, "La versión enviada en «If-Match» no es válida.");
  const version = Number(digits[1]);
  if (version > 2_147_483_647) throw new HttpError(400, "La versión enviada en «If-Match» no es válida.");
  return version;
}

/**
 * Throws 409 `STALE VERSION` when the write was made from another version than the current one.
 * `what` names the resource as a person reads it, with its article: "este match", "el borrador".
 */
export function checkVersion(expected: number | null, current: CurrentVersion, what: string): void {
  if (expected === null || expected === current.version) return;
  throw staleVersion(current, what);
}

/**
 * The 409 itself: "Ana Pérez cambió este match a las 10:42 (hora de México)." `verb` says what
 * they did ("separó"); `current.version` null when the resource no longer exists (no version).
 */
export function staleVersion(
  current: Omit<CurrentVersion, "version"> & { version: number | null },
  what: string,
  verb = "cambió",
  after = "",
): HttpError {
  const at = typeof current.changedAt === "string" ? new Date(current.changedAt) : current.changedAt;
  const who = current.changedBy?.trim() || SYSTEM_AUTHOR;
  const local = zonedDateTime(at.getTime(), LOCAL_ZONE);
  const today = zonedDateTime(Date.now(), LOCAL_ZONE).day === local.day;
  const when = today ? `a las ${local.time}` : `el ${local.date} a las ${local.time}`;
  const subject = who.charAt(0).toUpperCase() + who.slice(1);
  return new HttpError(
    409,
    `${subject} ${verb} ${what} ${when} (hora de México).${after} Recargue para ver sus cambios; lo que usted escribió no se guardó.`,
    undefined,
    undefined,
    {
      code: "STALE VERSION",
      changed_by: who,
      changed_at: at.toISOString(),
      ...(current.version !== null ? { current_version: current.version } : {}),
    },
  );
}
