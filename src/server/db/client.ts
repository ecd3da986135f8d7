/**
 * Opens the database: embedded PostgreSQL (PGlite, data under DATA_DIR) by default, a real
 * PostgreSQL server when DATABASE_URL is set. Both go through the same Drizzle API and the same
 * migrations; the few values the drivers read differently are made identical here.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { join } from "node:path";
import type { ServerConfig } from "../config";
import { MIGRATIONS_DIR } from "../paths";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgresql";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Receives the NOTIFY payloads of `channel` (an SQL identifier) until the returned stop is
   * called: a dedicated connection on PostgreSQL (each server instance listens once), PGlite's
   * in-process listener otherwise. `onLost` is told when the connection drops (PostgreSQL).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** The PGlite instance, for dumping a template in tests; null on PostgreSQL. */
  pglite: PGlite | null;
}


// Any constant works; it only has to be the same for every Slotdesk instance.
const MIGRATION_LOCK = 7_041_302;

const OID = { int8: 20, date: 1082 } as const;
// int8 (count(*), bigint ids) as a JS number: our counts never pass 2^53.
const parseInt8 = (value: string) => Number.parseInt(value, 10);
// A calendar date stays "yyyy-MM-dd": a Date object would shift it by the process time zone.
const keepDate = (value: string) => value;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omit for an in-memory database. */
  dataDir?: string | undefined;
  /** A dumped PGlite data directory to start from (tests use a migrated template). */
  loadDataDir?: Blob | undefined;
}

/**
 * Where the configuration says the database is (DATABASE_URL, else embedded under DATA_DIR). The
 * caller must hold an embedded data directory first (src/server/owner/lock.ts).
 */
export function configuredDatabase(config: Pick<ServerConfig, "databaseUrl" | "dataDir">): OpenOptions {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, "pglite") };
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only for a PostgreSQL server: the embedded database's start does not pay for them.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") => {
          if (oid === OID.int8) return parseInt8;
          if (oid === OID.date) return keepDate;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server closes (a restart, an administrator's command) is replaced
    // on next use; without a listener, pg would turn that into an uncaught error and end the process.
    pool.on("error", (error) => console.warn(`PostgreSQL cerró una conexión inactiva: ${error.message}`));
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: "postgresql",
      pglite: null,
      async migrate() {
        // The lock lives on one connection for the whole run; the migrator uses the pool.
        const lockClient = await pool.connect();
        try {
          await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
          lockClient.release();
        }
      },
      close: () => pool.end(),
      async listen(channel, onPayload, onLost) {
        const client = new pg.Client({ connectionString: options.databaseUrl });
        let stopped = false;
        const lost = () => {
          if (!stopped) onLost();
          stopped = true;
        };
        client.on("error", lost);
        client.on("end", lost);
        client.on("notification", (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        await client.connect();
        await client.query(`listen "${channel}"`);
        return async () => {
          stopped = true;
          await client.end().catch(() => undefined);
        };
      },
    };
  }

  const { handle, ready } = startEmbeddedDatabase(options);
  await ready;
  return handle;
}

/**
 * The embedded database, usable at once: PGlite compiles and starts in the background (about
 * half a second) and every query waits for it; `ready` settles then, or rejects if it cannot
 * start. The server builds everything else meanwhile.
 */
export function startEmbeddedDatabase(options: Omit<OpenOptions, "databaseUrl">): { handle: DatabaseHandle; ready: Promise<void> } {
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [OID.int8]: parseInt8, [OID.date]: keepDate },
  });
  const db = drizzlePglite({ client, schema });
  const handle: DatabaseHandle = {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        // Closing the database ends its listeners too; unlistening a closed one would throw.
        if (!client.closed) await stop();
      };
    },
  };
  return { handle, ready: client.waitReady };
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
