/**
 * What every write of a versioned resource stores beside its change (issue 25): the version one
 * above the current, who made it (the id, and the full name copied for the 409 message) and when.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { authorName } from "./author";

/** The columns to `set` on the row: `version` bumped in SQL, so the row locked `for update` is the base. */
export function versionStamp(
  versionColumn: AnyColumn,
  user: { id: number; name: string; lastName: string; email: string } | null,
  now: Date,
): { version: SQL; updatedAt: Date; updatedBy: number | null; updatedByName: string | null } {
  return {
    version: sql`${versionColumn} + 1`,
    updatedAt: now,
    updatedBy: user?.id ?? null,
    updatedByName: user ? authorName(user) : null,
  };
}
