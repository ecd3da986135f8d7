/**
 * Everything a running server needs, in order: configuration, database (migrated and seeded),
 * contract and services. Shared by `main.ts`, the scripts and the tests.
 */
import { join } from "node:path";
import { PasswordHasher } from "./auth/passwords";
import { SessionStore } from "./auth/sessions";
import type { ServerConfig } from "./config";
import { CONTRACT_JSON_FILE, type Contract, loadContract } from "./contract/load";
import { SchemaValidator } from "./contract/schemas";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "./db/client";
import { seedReferenceData } from "./db/seed";
import { LiveHub } from "./live/hub";
import { Mailer } from "./mail/mailer";
import type { Services } from "./services";

export async function openAndPrepareDatabase(options: OpenOptions, now: Date): Promise<DatabaseHandle> {
  return prepareDatabase(await openDatabase(options), now);
}

/** Applies pending migrations and the reference data to an open database (closed on failure). */
export async function prepareDatabase(handle: DatabaseHandle, now: Date): Promise<DatabaseHandle> {
  try {
    await handle.migrate();
    await seedReferenceData(handle.db, now);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Where the configured database lives, for people: the embedded data dir or "DATABASE_URL". */
export function describeDatabase(config: ServerConfig): string {
  return config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite en ${join(config.dataDir, "pglite")}`;
}

export async function createServices(
  config: ServerConfig,
  handle: DatabaseHandle,
  options: { now?: () => Date; contract?: Contract } = {},
): Promise<{ contract: Contract; services: Services }> {
  const contract = options.contract ?? (await loadContract(CONTRACT_JSON_FILE));
  const now = options.now ?? (() => new Date());
  const services: Services = {
    db: handle.db,
    dbKind: handle.kind,
    config,
    version: contract.version,
    now,
    passwords: new PasswordHasher(config.scryptLog2N),
    sessions: new SessionStore(handle.db, config.sessionHours * 3_600_000, now),
    schemas: new SchemaValidator(contract),
    mailer: new Mailer(config.smtpUrl, config.mailFrom, now),
    live: new LiveHub(handle.db, (channel, onPayload, onLost) => handle.listen(channel, onPayload, onLost), now, (error) =>
      console.error("Actualizaciones en vivo:", error instanceof Error ? error.message : error),
    ),
  };
  return { contract, services };
}
