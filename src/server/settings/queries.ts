/** The settings table's SQL: reading settings and changing one (airline.ts reads the airline's). */
import { isDeepStrictEqual } from "node:util";
import { asc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "../audit/record";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Database } from "../db/client";
import { settings } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";

/** The settings named (every one when none is), by name. */
export function listSettingRows(db: Database, names: readonly string[]) {
  return db
    .select({ id: settings.id, name: settings.name, value: settings.value, version: settings.version })
    .from(settings)
    .where(names.length > 0 ? inArray(settings.name, [...names]) : undefined)
    .orderBy(asc(settings.name));
}

export async function findSettingRow(db: Database, id: number) {
  const [row] = await db.select().from(settings).where(eq(settings.id, id));
  return row;
}

/**
 * Stores a setting's new value (checked by the caller) from version `expected`, with its audit
 * record; `alongside` writes what follows from it in the same transaction.
 */
export function storeSettingValue(
  db: Database,
  id: number,
  label: string,
  value: unknown,
  expected: number | null,
  user: AuthenticatedUser,
  now: Date,
  alongside?: (tx: Database) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ value: settings.value, version: settings.version, changedBy: settings.updatedByName, changedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.id, id))
      .for("update");
    if (!current) throw new HttpError(404, `No existe la configuración con id ${id}.`);
    checkVersion(expected, current, `la configuración «${label}»`);
    // The same value saved again moves no version: nobody else's view of it went stale.
    const stamp = isDeepStrictEqual(current.value, value) ? { updatedAt: now, updatedBy: user.id } : versionStamp(settings.version, user, now);
    const [stored] = await tx
      .update(settings)
      .set({ value, ...stamp })
      .where(eq(settings.id, id))
      .returning({ id: settings.id, name: settings.name, value: settings.value, version: settings.version });
    if (!stored) throw new HttpError(404, `No existe la configuración con id ${id}.`);
    await recordAudit(tx, user, now, {
      action: "setting.modify",
      targetType: "setting",
      targetId: stored.id,
      targetLabel: label,
      details: { value: { from: current.value, to: stored.value } },
    });
    await alongside?.(tx);
    return stored;
  });
}

/** Settings created with their default value where missing; a stored one keeps its value (the start's seed). */
export async function ensureSettings(db: Database, defaults: readonly { name: string; value: unknown }[]): Promise<void> {
  if (defaults.length > 0) await db.insert(settings).values([...defaults]).onConflictDoNothing();
}
