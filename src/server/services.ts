/** What every handler can reach: the database, configuration, clock and shared helpers. */
import type { PasswordHasher } from "./auth/passwords";
import type { SessionStore } from "./auth/sessions";
import type { ServerConfig } from "./config";
import type { SchemaValidator } from "./contract/schemas";
import type { Database, DatabaseKind } from "./db/client";
import type { LiveHub } from "./live/hub";
import type { Mailer } from "./mail/mailer";

export interface Services {
  db: Database;
  dbKind: DatabaseKind;
  config: ServerConfig;
  version: string;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  passwords: PasswordHasher;
  sessions: SessionStore;
  schemas: SchemaValidator;
  mailer: Mailer;
  /** Live updates and who is here (src/server/live): this instance's event streams. */
  live: LiveHub;
}
