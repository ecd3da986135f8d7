/**
 * Reference data every database needs, applied at each start and idempotent: roles, airports,
 * the previous, current and next IATA seasons (so the list moves on as time passes), every
 * setting's default and the IATA delay-code catalogue. Nothing here overwrites what people changed.
 * A digest of it is kept in `reference_data`: when it is what the database already holds (most
 * starts), nothing is written.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { DELAY_CODES } from "../../domain/matching/delayCodes";
import { seasonsAround, todayInZone } from "../../domain/seasons";
import { ROLE_NAMES } from "../../generated/access";
import { AIRPORTS } from "../airports/airports-data";
import { ensureSeasons } from "../seasons/queries";
import { SETTING_DEFINITIONS } from "../settings/definitions";
import { ensureSettings } from "../settings/queries";
import type { Database } from "./client";
import { airports, delayCodes, referenceData, roles } from "./schema";

/** The reference data a database must hold today, and its digest. */
function referenceDataOf(now: Date) {
  const data = {
    roles: ROLE_NAMES,
    airports: AIRPORTS,
    seasons: seasonsAround(todayInZone(now)),
    settings: Object.entries(SETTING_DEFINITIONS).map(([name, d]) => ({ name, value: d.defaultValue })),
    delayCodes: DELAY_CODES.map((d) => ({ code: d.code, description: d.description })),
  };
  return { data, digest: createHash("sha256").update(JSON.stringify(data)).digest("hex") };
}

export async function seedReferenceData(db: Database, now: Date): Promise<void> {
  const { data, digest } = referenceDataOf(now);
  // At most starts nothing changed: one read instead of five writes.
  const [held] = await db.select({ digest: referenceData.digest }).from(referenceData).where(eq(referenceData.name, "reference"));
  if (held?.digest === digest) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(data.roles.map((name) => ({ name })))
      .onConflictDoNothing();
    // Airports missing from the list are added; one already there is the Admin's (Aeropuertos,
    // issue 37): its name, zone, coordinator and whether it is held are never re-applied.
    await tx
      .insert(airports)
      .values([...data.airports])
      .onConflictDoNothing();
    // Ids were given explicitly: move the sequence past them for airports added later.
    await tx.execute(sql`select setval(pg_get_serial_sequence('airports', 'id'), (select max(id) from airports))`);
    // Seasons and settings through their owners (seasons/, settings/): created where missing.
    await ensureSeasons(tx, data.seasons.map((s) => ({ name: s.name, startDate: s.start_date, endDate: s.end_date })));
    await ensureSettings(tx, data.settings);
    // The IATA delay codes follow the catalogue in the code (descriptions may be corrected there).
    await tx
      .insert(delayCodes)
      .values(data.delayCodes)
      .onConflictDoUpdate({
        target: delayCodes.code,
        set: { description: sql`excluded.description` },
        setWhere: sql`${delayCodes.description} is distinct from excluded.description`,
      });
    await tx
      .insert(referenceData)
      .values({ name: "reference", digest, appliedAt: now })
      .onConflictDoUpdate({ target: referenceData.name, set: { digest, appliedAt: now } });
  });
}
