/**
 * Everything a running server needs, in order: configuration, database (migrated and seeded),
 * contract and services. Shared by `main.ts`, the scripts and the tests.
 */
import { fileURLToPath } from "node:url";
import { PasswordHasher } from "./auth/passwords";
import { SessionStore } from "./auth/sessions";
import type { ServerConfig } from "./config";
import { CONTRACT_FILE, type Contract, loadContract } from "./contract/load";
import { SchemaValidator } from "./contract/schemas";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "./db/client";
import { seedReferenceData } from "./db/seed";
import type { Services } from "./services";

export async function openAndPrepareDatabase(options: OpenOptions, now: Date): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  try {
    await handle.migrate();
    await seedReferenceData(handle.db, now);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

export async function createServices(
  config: ServerConfig,
  handle: DatabaseHandle,
  options: { now?: () => Date; contract?: Contract } = {},
): Promise<{ contract: Contract; services: Services }> {
  const contract = options.contract ?? (await loadContract(fileURLToPath(CONTRACT_FILE)));
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
  };
  return { contract, services };
}
