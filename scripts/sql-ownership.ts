/**
 * Who holds the server's SQL (issue 33 item 1). Prints two figures, then the files and tables
 * behind them:
 * - handler files holding SQL: a handler file is `src/server/<concept>/handlers.ts` or any file
 *   whose exports src/server/handlers.ts maps to an operation; it holds SQL when it imports
 *   drizzle-orm, db/schema or db/sql, or calls the database (`db.`/`tx.` select, insert, update,
 *   delete, execute, transaction: a transaction's boundary belongs with its statements);
 * - tables written by more than one concept: a concept is a folder under src/server; a write is
 *   a Drizzle `.insert/.update/.delete(<table>)`, a raw `insert into`/`update … set`/`delete from`
 *   (a table by name or `${<table>}`), or `bulkInsert(db, "<table>", …)`.
 * It reads text and runs nothing: `npx tsx scripts/sql-ownership.ts [--list] [--owners]` (`--owners`:
 * each table with the concept that writes it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const SERVER = join(ROOT, "src/server");

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : walk(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const files = walk(SERVER);
const text = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
const rel = (file: string) => relative(SERVER, file);

// Handler files: every concept's handlers.ts, and every module the operation map imports from.
const handlerFiles = new Set(files.filter((file) => /^[^/]+\/handlers\.ts$/.test(rel(file))));
const map = text.get(join(SERVER, "handlers.ts")) ?? "";
for (const [, spec = ""] of map.matchAll(/from "\.\/([^"]+)"/g)) {
  const file = join(SERVER, `${spec}.ts`);
  if (text.has(file) && !spec.startsWith("contract/")) handlerFiles.add(file);
}
// A handler file that only re-exports operations (`export { x } from "./y"`) names their files.
for (const file of [...handlerFiles]) {
  for (const [, spec = ""] of (text.get(file) ?? "").matchAll(/^export \{[^}]*\} from "(\.[^"]+)"/gm)) {
    const target = join(file, "..", `${spec}.ts`);
    if (text.has(target)) handlerFiles.add(target);
  }
}

const SQL_IMPORT = /from "(?:drizzle-orm[^"]*|(?:\.\.?\/)+(?:db\/)?(?:schema|sql)|(?:\.\.?\/)+db\/(?:schema|sql)\/?[^"]*)"/;
const DB_CALL = /\b(?:db|tx|database|trx)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query|transaction)\b/;
const holdsSql = (source: string) => SQL_IMPORT.test(source) || DB_CALL.test(source);
const sqlHandlers = [...handlerFiles].filter((file) => holdsSql(text.get(file) ?? "")).map(rel).sort();

// Tables: the schema's variables and SQL names (db/schema.ts or a db/schema/ folder).
const schemaSources = files.filter((file) => /^db\/schema(?:\.ts|\/)/.test(rel(file)));
const tableOf = new Map<string, string>();
for (const file of schemaSources) {
  for (const [, variable, name] of (text.get(file) ?? "").matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
    if (variable && name) tableOf.set(variable, name);
  }
}
const tableNames = new Set(tableOf.values());
const resolve = (word: string): string | undefined => {
  const bare = word.replace(/^schema\./, "");
  return tableOf.get(bare) ?? (tableNames.has(bare) ? bare : undefined);
};

const writers = new Map<string, Map<string, Set<string>>>();
const addWrite = (table: string | undefined, concept: string, file: string) => {
  if (!table) return;
  const byConcept = writers.get(table) ?? new Map<string, Set<string>>();
  const inConcept = byConcept.get(concept) ?? new Set<string>();
  inConcept.add(rel(file));
  byConcept.set(concept, inConcept);
  writers.set(table, byConcept);
};
for (const file of files) {
  const path = rel(file);
  if (!path.includes("/") || schemaSources.includes(file)) continue;
  const concept = path.split("/")[0] ?? "";
  const source = (text.get(file) ?? "").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  for (const [, word] of source.matchAll(/\.\s*(?:insert|update|delete)\(\s*([\w.]+)\s*\)/g)) addWrite(resolve(word ?? ""), concept, file);
  const raw = [
    /\binsert\s+into\s+(?:\$\{\s*([\w.]+)\s*\}|"?(\w+)"?)/gi,
    /\bupdate\s+(?:\$\{\s*([\w.]+)\s*\}|"?(\w+)"?)(?:\s+\w+)?\s+set\b/gi,
    /\bdelete\s+from\s+(?:\$\{\s*([\w.]+)\s*\}|"?(\w+)"?)/gi,
    /\bbulkInsert\(\s*\w+\s*,\s*()"(\w+)"/g,
  ];
  for (const pattern of raw) {
    for (const match of source.matchAll(pattern)) addWrite(resolve(match[1] || match[2] || ""), concept, file);
  }
}
const shared = [...writers].filter(([, byConcept]) => byConcept.size > 1).sort(([a], [b]) => a.localeCompare(b));

console.log(`handler files holding SQL: ${sqlHandlers.length} of ${handlerFiles.size}`);
console.log(`tables written by more than one concept: ${shared.length} of ${writers.size} written`);
if (process.argv.includes("--list")) {
  console.log("\nhandler files holding SQL:");
  for (const file of sqlHandlers) console.log(`  ${file}`);
  console.log("\ntables written by more than one concept:");
  for (const [table, byConcept] of shared) {
    console.log(`  ${table}: ${[...byConcept].map(([concept, where]) => `${concept} (${[...where].join(", ")})`).join("; ")}`);
  }
}
if (process.argv.includes("--owners")) {
  console.log("\ntables by writer:");
  for (const [table, byConcept] of [...writers].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${table}: ${[...byConcept.keys()].join(", ")}`);
  const unwritten = [...tableNames].filter((name) => !writers.has(name)).sort();
  if (unwritten.length > 0) console.log(`  (written only by migrations or triggers: ${unwritten.join(", ")})`);
}
