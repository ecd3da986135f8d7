/**
 * A person's own screen preferences (issue 36 item 10; `user_preferences`, owned here): the columns
 * of Entrega de turno they hid. A user who never saved has the defaults at version 0; each save is
 * made from the version read, and one from an older version is refused (409).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { userPreferences } from "../db/schema";
import type { components } from "../../generated/openapi";
import { HttpError } from "../http/errors";
import { staleVersion } from "../http/versions";

/** The columns of Entrega de turno a person may hide: its grid's fields, each a turnover row's. */
export const TURNOVER_COLUMN_FIELDS = [
  "is_arrival", "flight_status", "flight_name", "flight_route", "flight_date", "flight_scheduled", "flight_estimated", "flight_real",
  "flight_register", "scheduled_difference", "real_difference", "general_status", "has_codes", "slot_status", "slot_name",
  "slot_route", "slot_date", "slot_time", "slot_type", "id", "season",
] as const satisfies readonly (keyof components["schemas"]["TurnoverRow"])[];

const KNOWN: ReadonlySet<string> = new Set(TURNOVER_COLUMN_FIELDS);

/** Refuses (400, Spanish, naming them) the columns Entrega de turno does not have. */
export function checkTurnoverColumns(fields: readonly string[]): void {
  const unknown = fields.filter((field) => !KNOWN.has(field));
  if (unknown.length === 0) return;
  const message = `Entrega de turno no tiene ${unknown.length === 1 ? "la columna" : "las columnas"} ${unknown.map((f) => `«${f}»`).join(", ")}: no se guardó nada.`;
  throw new HttpError(400, message, [{ field: "turnover_hidden_columns", message }]);
}

/** `airport`: the one last chosen in the top bar's picker (issue 37); null until chosen. */
export type OwnPreferences = { turnover_hidden_columns: string[]; airport: string | null; version: number };

/** A save: an `airport` left out keeps the stored one. */
export type PreferencesUpdate = { turnover_hidden_columns: string[]; airport?: string | null | undefined; version: number };

const DEFAULTS: OwnPreferences = { turnover_hidden_columns: [], airport: null, version: 0 };

/** The user's preferences, or the defaults at version 0. */
export async function ownPreferences(db: Database, userId: number): Promise<OwnPreferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row ? { turnover_hidden_columns: row.turnoverHiddenColumns, airport: row.airport, version: row.version } : DEFAULTS;
}

/**
 * Saves the user's preferences from `version` (0: never saved). Refused with 409 when another save
 * (the same person's other tab) came first; `who` names the person in that message. The first
 * save of all is taken at any version: there is no earlier one to lose.
 */
export async function saveOwnPreferences(
  db: Database,
  userId: number,
  who: string,
  update: PreferencesUpdate,
  now: Date,
): Promise<OwnPreferences> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(userPreferences).where(eq(userPreferences.userId, userId)).for("update");
    // Nothing saved yet means no earlier save to overwrite: the first save stands whatever it read.
    if (current && update.version !== current.version) {
      throw staleVersion({ version: current.version, changedBy: who, changedAt: current.updatedAt }, "sus preferencias de pantalla", "guardó", " Las guardó en otra pestaña.");
    }
    const columns = [...new Set(update.turnover_hidden_columns)];
    const airport = update.airport === undefined ? (current?.airport ?? null) : update.airport;
    const [saved] = await tx
      .insert(userPreferences)
      .values({ userId, turnoverHiddenColumns: columns, airport, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: userPreferences.userId,
        set: {
          turnoverHiddenColumns: sql`excluded.turnover_hidden_columns`,
          airport: sql`excluded.airport`,
          version: sql`${userPreferences.version} + 1`,
          updatedAt: now,
        },
      })
      .returning();
    return { turnover_hidden_columns: saved?.turnoverHiddenColumns ?? columns, airport: saved?.airport ?? airport, version: saved?.version ?? 1 };
  });
}
