/**
 * Builds one migrated, seeded template database per run; each test file starts from a copy.
 * Embedded: a PGlite data directory dumped to a file. PostgreSQL (DATABASE_URL): a template
 * database next to the one named in DATABASE_URL, dropped at the end with every copy.
 */
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openAndPrepareDatabase } from "../../src/server/bootstrap";
import { databaseUrlFor, TEMPLATE_PREFIX } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openAndPrepareDatabase({}, new Date());
    const dump = await handle.pglite?.dumpDataDir("none");
    await handle.close();
    if (!dump) throw new Error("PGlite did not dump its data directory");
    const file = join(tmpdir(), `slotdesk-template-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    project.provide("pgTemplate", "");
    return () => rm(file, { force: true });
  }

  const template = `${TEMPLATE_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const handle = await openAndPrepareDatabase({ databaseUrl: databaseUrlFor(baseUrl, template) }, new Date());
  await handle.close();
  project.provide("pgliteTemplate", "");
  project.provide("pgTemplate", template);

  return async () => {
    // Copies are dropped by their test files; this catches any left by a crashed file.
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${template}%`,
    ]);
    for (const row of rows.filter((r) => r.datname !== template)) {
      await admin.query(`drop database if exists "${row.datname}" with (force)`);
    }
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}
