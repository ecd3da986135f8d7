/**
 * Upgrading a database that holds the team's work: each migration that moves data is run on a
 * database migrated up to the one before it, with rows in the old shape, and must keep them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../src/server/paths";

type Journal = { entries: Array<{ idx: number; tag: string }> };

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "slotdesk-migrations-"));
  folders.push(folder);
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

describe("0007_flight_evaluations", () => {
  it("moves each match's delay evaluation, observations and affectations to its flight, and marks exact pairs OK", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsBefore("0007_flight_evaluations") });
      await db.execute(sql`insert into delay_codes (code, description) values ('41', 'Falla técnica'), ('93', 'Reaccionario')
        on conflict do nothing`);
      await db.execute(sql`insert into slots (id, season, serie, flight_number, date, time, is_arrival, route, frequency, aircraft_type, seats, status)
        values (1, 'W26', 1, 'VB100', '2026-11-20', '10:00', true, 'MTY', 5, '320', 180, 'D'),
               (2, 'W26', 2, 'VB102', '2026-11-20', '12:00', false, 'GDL', 5, '320', 180, 'D')`);
      await db.execute(sql`insert into flights (id, flight_number, date, is_arrival, movement_date, origin, destination,
          scheduled_departure, scheduled_arrival, status)
        values (1, 'VB100', '2026-11-20', true, '2026-11-20', 'MTY', 'MEX', '2026-11-20T08:35Z', '2026-11-20T10:05Z', 'D'),
               (2, 'VB102', '2026-11-20', false, '2026-11-20', 'MEX', 'GDL', '2026-11-20T12:00Z', '2026-11-20T13:30Z', 'D')`);
      await db.execute(sql`insert into matches (id, season, date, is_arrival, slot_id, flight_id, general_status,
          scheduled_difference, scheduled_class, real_class, observations, evaluated_at, sort_at)
        values (1, 'W26', '2026-11-20', true, 1, 1, 'DIFF', 5, 'mid_diff', 'null_diff', 'Revisado con mantenimiento',
                  '2026-11-20T18:00Z', '2026-11-20T10:00Z'),
               (2, 'W26', '2026-11-20', false, 2, 2, 'DIFF', 0, 'no_diff', 'null_diff', '', null, '2026-11-20T12:00Z')`);
      await db.execute(sql`insert into match_delays (match_id, position, code, minutes, cause)
        values (1, 1, '41', 20, 'Falla en APU'), (1, 2, '93', 10, '')`);
      await db.execute(sql`insert into affectations (match_id, code, date, affectation, affectation_number, observations)
        values (1, '93', '2026-11-20', 'Reaccionario', 37, '37 pasajeros en conexión')`);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const flights = await db.execute(sql`select id, delays_evaluated_at is not null as evaluated, delay_observations
        from flights order by id`);
      expect(flights.rows).toEqual([
        { id: 1, evaluated: true, delay_observations: "Revisado con mantenimiento" },
        { id: 2, evaluated: false, delay_observations: "" },
      ]);
      const evaluations = await db.execute(sql`select flight_id, position, code, minutes, cause
        from flight_delay_evaluations order by flight_id, position`);
      expect(evaluations.rows).toEqual([
        { flight_id: 1, position: 1, code: "41", minutes: 20, cause: "Falla en APU" },
        { flight_id: 1, position: 2, code: "93", minutes: 10, cause: "" },
      ]);
      const affectations = await db.execute(sql`select flight_id, code, affectation_number, observations from affectations`);
      expect(affectations.rows).toEqual([
        { flight_id: 1, code: "93", affectation_number: 37, observations: "37 pasajeros en conexión" },
      ]);
      const statuses = await db.execute(sql`select id, general_status from matches order by id`);
      expect(statuses.rows).toEqual([
        { id: 1, general_status: "DIFF" },
        { id: 2, general_status: "OK" },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe("0016_admin_versions", () => {
  it("starts every administrative record at version 1 and names who last saved a setting or a report's send settings", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsBefore("0016_admin_versions") });
      await db.execute(sql`insert into roles (id, name) values (1, 'Admin') on conflict do nothing`);
      await db.execute(sql`insert into users (id, name, last_name, email, role_id)
        values (1, 'Ana', 'Pérez', 'ana@aerolinea.example', 1), (2, '', '', 'sin.nombre@aerolinea.example', 1)`);
      await db.execute(sql`insert into contacts (id, name, email) values (1, 'Coordinación MEX', 'slots@aicm.example')`);
      await db.execute(sql`insert into settings (id, name, value, updated_by) values
        (1, 'accomplishment', '{"accomplishment": 75}', 1), (2, 'coordinator_email', '{"email": null}', null)`);
      await db.execute(sql`insert into report_templates (report_name, frequency, schedule, timezone, send_to, updated_at, updated_by, updated_by_email)
        values ('full_delays', 1, '["06:00"]', 'local', 1, '2026-11-20T12:00Z', 2, 'sin.nombre@aerolinea.example')`);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const users = await db.execute(sql`select id, version, updated_by_name from users order by id`);
      expect(users.rows).toEqual([
        { id: 1, version: 1, updated_by_name: null },
        { id: 2, version: 1, updated_by_name: null },
      ]);
      const contacts = await db.execute(sql`select version from contacts`);
      expect(contacts.rows).toEqual([{ version: 1 }]);
      const settings = await db.execute(sql`select id, version, updated_by_name from settings order by id`);
      expect(settings.rows).toEqual([
        { id: 1, version: 1, updated_by_name: "Ana Pérez" },
        { id: 2, version: 1, updated_by_name: null },
      ]);
      const templates = await db.execute(sql`select version, updated_by_name from report_templates`);
      expect(templates.rows).toEqual([{ version: 1, updated_by_name: "sin.nombre@aerolinea.example" }]);
    } finally {
      await client.close();
    }
  });
});

describe("0019_warning_level", () => {
  it("turns the untouched seeded threshold (80) into the warning level 100, and keeps a value a person saved", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsBefore("0019_warning_level") });
      await db.execute(sql`insert into settings (name, value) values ('accomplishment', '{"accomplishment": 80}')`);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const untouched = await db.execute(sql`select value, version from settings where name = 'accomplishment'`);
      expect(untouched.rows).toEqual([{ value: { accomplishment: 100 }, version: 1 }]);
    } finally {
      await client.close();
    }

    const saved = new PGlite();
    const again = drizzle({ client: saved });
    try {
      await migrate(again, { migrationsFolder: migrationsBefore("0019_warning_level") });
      await again.execute(sql`insert into settings (name, value, version, updated_by_name) values ('accomplishment', '{"accomplishment": 80}', 2, 'Ana Pérez')`);
      await migrate(again, { migrationsFolder: MIGRATIONS_DIR });
      const kept = await again.execute(sql`select value from settings where name = 'accomplishment'`);
      expect(kept.rows).toEqual([{ value: { accomplishment: 80 } }]);
    } finally {
      await saved.close();
    }
  });
});
