/**
 * What the in-process benches share (the app built here and called with `inject`, as the API tests
 * do): a signed-in session for a new user of a role, and a throw-away PostgreSQL database beside
 * the embedded one, so both are measured in the same run.
 */
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { components } from "../../src/generated/openapi";
import type { PasswordHasher } from "../../src/server/auth/passwords";
import { openAndPrepareDatabase } from "../../src/server/bootstrap";
import type { Database, DatabaseHandle } from "../../src/server/db/client";
import { createUser } from "../../src/server/users/create";

/** The CSRF token and session of a signed-in user, and the headers a browser would send with them. */
export type BenchSession = { token: string; session: string; headers: { "x-csrftoken": string; cookie: string } };

/** Creates a user of `role` and signs it in through the app itself. */
export async function signInByInject(
  app: FastifyInstance,
  db: Database,
  passwords: PasswordHasher,
  role: components["schemas"]["RoleName"],
  label: string,
): Promise<BenchSession> {
  const password = "contraseña de banco 1";
  const user = await createUser(db, passwords, { email: `bench-${label}-${Date.now()}@bench.example`, role, password });
  const csrf = await app.inject({ method: "GET", url: "/api/auth/csrf/" });
  const token = csrf.json<{ csrftoken: string }>().csrftoken;
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login/",
    headers: { "content-type": "application/json", "x-csrftoken": token, cookie: `csrftoken=${token}` },
    payload: JSON.stringify({ email: user.email, password }),
  });
  const session = login.cookies.find((c) => c.name === "slotdesk_session")?.value ?? "";
  // Signing in renews the CSRF token for the new session (auth/csrf.ts): the old one is refused.
  const renewed = login.cookies.find((c) => c.name === "csrftoken")?.value ?? token;
  return { token: renewed, session, headers: { "x-csrftoken": renewed, cookie: `csrftoken=${renewed}; slotdesk_session=${session}` } };
}

/**
 * Runs `measure` on a fresh, migrated PostgreSQL database (BENCH_DATABASE_URL, else DATABASE_URL,
 * else the local server), dropped afterwards; says so and returns when no server answers.
 */
export async function onThrowawayPostgres(
  name: string,
  now: Date,
  measure: (handle: DatabaseHandle, url: string) => Promise<void>,
): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not measured: ${adminUrl} does not answer (${error instanceof Error ? error.message : error})`);
    return;
  }
  const database = `slotdesk_bench_${name}_${process.pid}`;
  await admin.query(`create database "${database}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const handle = await openAndPrepareDatabase({ databaseUrl: url.toString() }, now);
    try {
      await measure(handle, url.toString());
    } finally {
      await handle.close();
    }
  } finally {
    // The pool's connections finish closing asynchronously: give them a moment before forcing.
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await admin.query(`drop database if exists "${database}"`);
        break;
      } catch {
        await new Promise((done) => setTimeout(done, 100));
      }
    }
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
}

/** Runs `measure` on a fresh embedded database, then on a throw-away PostgreSQL one: same run. */
export async function onBothDatabases(
  name: string,
  now: Date,
  measure: (label: "PGlite" | "PostgreSQL", handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const pglite = await openAndPrepareDatabase({}, now);
  try {
    await measure("PGlite", pglite);
  } finally {
    await pglite.close();
  }
  await onThrowawayPostgres(name, now, (postgres) => measure("PostgreSQL", postgres));
}
