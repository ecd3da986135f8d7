/**
 * Reference data every database needs, applied at each start and idempotent: roles, airports,
 * the previous, current and next IATA seasons (so the list moves on as time passes), every
 * setting's default and the IATA delay-code catalogue. Nothing here overwrites what people changed.
 */
import { sql } from "drizzle-orm";
import { DELAY_CODES } from "../../domain/matching/delayCodes";
import { seasonsAround, todayInZone } from "../../domain/seasons";
import { ROLE_NAMES } from "../../generated/access";
import { AIRPORTS } from "../reference/airports-data";
import { SETTING_DEFINITIONS } from "../settings/handlers";
import type { Database } from "./client";
import { airports, delayCodes, roles, seasons, settings } from "./schema";

export async function seedReferenceData(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(ROLE_NAMES.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(airports)
      .values([...AIRPORTS])
      .onConflictDoUpdate({
        target: airports.id,
        set: {
          code: sql`excluded.code`,
          name: sql`excluded.name`,
          city: sql`excluded.city`,
          country: sql`excluded.country`,
        },
        // Rewrite only what changed: at every start, most rows are as they were.
        setWhere: sql`(${airports.code}, ${airports.name}, ${airports.city}, ${airports.country})
          is distinct from (excluded.code, excluded.name, excluded.city, excluded.country)`,
      });
    // Ids were given explicitly: move the sequence past them for airports added later.
    await tx.execute(sql`select setval(pg_get_serial_sequence('airports', 'id'), (select max(id) from airports))`);
    await tx
      .insert(seasons)
      .values(
        seasonsAround(todayInZone(now)).map((s) => ({
          name: s.name,
          startDate: s.start_date,
          endDate: s.end_date,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values(Object.entries(SETTING_DEFINITIONS).map(([name, d]) => ({ name, value: d.defaultValue })))
      .onConflictDoNothing();
    // The IATA delay codes follow the catalogue in the code (descriptions may be corrected there).
    await tx
      .insert(delayCodes)
      .values(DELAY_CODES.map((d) => ({ code: d.code, description: d.description })))
      .onConflictDoUpdate({
        target: delayCodes.code,
        set: { description: sql`excluded.description` },
        setWhere: sql`${delayCodes.description} is distinct from excluded.description`,
      });
  });
}
