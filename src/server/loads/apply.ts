/**
 * Previewing and applying a data load (issue 22): the one path the browser, the API, the feed
 * folder and the commands share. A preview reads and compares, and writes nothing. An apply runs
 * in one transaction: the flights that are new or changed are stored, their dates re-matched, and
 * the load is recorded with its original file, its problems and the lines it left out.
 */
import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { countProblems, errorLines, type ReadProblem } from "../../domain/reading";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { dataLoads } from "../db/schema";
import { queryRows } from "../db/sql";
import { upsertFlights } from "../flights/import";
import { rematch } from "../matching/rematch";
import { HttpError } from "../http/errors";
import { applyMovementPlan, applyPendingMovementsUnmatched, type MovementReading, planMovements } from "../movements/apply";
import { storedAirline } from "../settings/airline";
import { heldAirports } from "../airports/held";
import { LOCAL_ZONE, zonedDateTime } from "../../domain/zones";
import { chunkQuery, countByAirport, movementChanges, planFlights } from "./plan";
import { linesInError, MAX_PROBLEMS, sourceOf } from "./previewWork";
import type { Ask } from "../workers/asks";
import { inHeavyTurn } from "../workers/gate";
import { runHeavy } from "../workers/pool";
import type { LoadKind } from "./read";

export type LoadSource = components["schemas"]["DataLoadSource"];
export type LoadCounts = components["schemas"]["DataLoadCounts"];
export type LoadPreview = components["schemas"]["DataLoadPreview"];
export type LoadRecord = components["schemas"]["DataLoad"];

export { MAX_PROBLEMS } from "./previewWork";

export type LoadInput = { kind: LoadKind; fileName: string; content: string };
export type Loader = { id: number; name: string } | null;


const DEFAULT_NAMES: Record<LoadKind, string> = { schedule: "itinerario.ssim", flights: "vuelos.csv", mvt: "movimientos.mvt" };

/** A file name that says something in the history, whatever the caller sent. */
export const fileNameOr = (name: string | undefined, kind: LoadKind) => (name?.trim() ? name.trim().slice(0, 256) : DEFAULT_NAMES[kind]);

/** The codes of the active airports: the legs and messages a load keeps (issue 37). */
const heldCodes = async (db: Database) => (await heldAirports(db)).map((a) => a.code);

/** A movement text's preview: the messages planned against the flights, nothing written. */
async function movementPreview(db: Database, input: LoadInput, movements: MovementReading, now: Date): Promise<LoadPreview> {
  const plan = await planMovements(db, movements, now);
  const counts = { lines: movements.messages.length, ...plan.counts };
  return {
    kind: input.kind,
    file_name: input.fileName,
    counts,
    rematch_dates: plan.dates,
    problems: plan.problems.slice(0, MAX_PROBLEMS),
    warnings: countProblems(plan.problems).warnings,
    errors: linesInError(plan.problems),
    loadable: counts.changed + counts.unchanged + counts.pending > 0,
    changes: movementChanges(plan.flights, plan.before),
    airports: movementAirports(plan),
  };
}

/** The flights the messages met, per airport: changed when the plan writes them. */
function movementAirports(plan: Awaited<ReturnType<typeof planMovements>>): LoadPreview["airports"] {
  const perAirport = countByAirport();
  const written = new Set(plan.flights.map((f) => f.id));
  for (const f of plan.before.values()) perAirport.add(f.airport, written.has(f.id) ? "changed" : "unchanged");
  return perAirport.list();
}

/** The stored side of a worker's plan, one chunk at a time, in the heavy statements' turn (workers/gate.ts). */
const answerPlanChunks =
  (db: Database): Ask =>
  (question) =>
    inHeavyTurn(() => chunkQuery(db, question.source, question.listChanges)(question.records));

/**
 * What the load would do, as the JSON bytes of the answer; refuses (400) only a file that cannot be
 * read at all. Writes nothing. A schedule or flights file is read, planned and serialised in the
 * worker pool (previewWork.ts), which asks this thread for the stored flights chunk by chunk.
 */
export async function previewLoad(db: Database, input: LoadInput, now: Date, airports?: readonly string[]): Promise<Buffer> {
  const codes = airports ? [...airports] : await heldCodes(db);
  const outcome = await runHeavy("previewLoadWork", { ...input, airline: await storedAirline(db), airports: codes }, answerPlanChunks(db));
  if ("refusal" in outcome) throw new HttpError(400, `${input.fileName}: ${outcome.refusal}`);
  if ("json" in outcome) return Buffer.from(outcome.json.buffer, outcome.json.byteOffset, outcome.json.byteLength);
  const movements = outcome.movements.movements;
  if (!movements) throw new Error("a movement reading without its messages");
  return Buffer.from(JSON.stringify(await movementPreview(db, input, movements, now)), "utf8");
}

/** The lines left out, each after a comment naming its line and why, for the load's record. */
export function skippedText(content: string, problems: readonly ReadProblem[]): string | null {
  const lines = errorLines(problems);
  if (lines.length === 0) return null;
  const byLine = new Map<number, string[]>();
  for (const p of problems) if (p.severity === "error") byLine.set(p.line, [...(byLine.get(p.line) ?? []), `columna ${p.column}: ${p.message}`]);
  const text = content.split(/\r\n|\n|\r/);
  return lines.map((line) => `# línea ${line}: ${(byLine.get(line) ?? []).join(" · ")}\n${text[line - 1] ?? ""}`).join("\n") + "\n";
}

export const contentHash = (content: string) => createHash("sha256").update(content, "utf8").digest("hex");

/** One line per problem, for a refusal's `errors` and the feed's report. */
export const problemDetails = (problems: readonly ReadProblem[]) =>
  problems.slice(0, MAX_PROBLEMS).map((p) => ({ line: p.line, column: p.column, message: p.message }));

/** A load refused whole; `problems` are the reader's reasons, kept with a feed file's record. */
export class LoadRefused extends HttpError {
  constructor(
    status: number,
    message: string,
    errors?: ReturnType<typeof problemDetails>,
    readonly problems: readonly ReadProblem[] = [],
  ) {
    super(status, message, errors);
  }
}

/** "(línea 1, columna 1: El separador…)": the first error's place and reason, for a refusal's message. */
function firstReason(problems: readonly ReadProblem[]): string {
  const first = problems.find((p) => p.severity === "error");
  return first ? ` (línea ${first.line}, columna ${first.column}: ${first.message})` : "";
}

/** Nothing in the file can be loaded: refused with every reason the reader gave. */
function refuseAll(fileName: string, what: string, problems: readonly ReadProblem[]): LoadRefused {
  const errors = problems.filter((p) => p.severity === "error");
  return new LoadRefused(400, `${fileName}: ${what}${firstReason(problems)}.`, problemDetails(errors), problems);
}

/** What every load's record says of its file and who brought it. */
function fileValues(input: LoadInput, source: LoadSource, loader: Loader) {
  return {
    kind: input.kind,
    source,
    fileName: input.fileName,
    contentHash: contentHash(input.content),
    content: Buffer.from(input.content, "utf8"),
    loadedBy: loader?.id ?? null,
    loadedByName: loader?.name ?? null,
  };
}

/**
 * Applies a file in one transaction and records it. Refused (400, nothing written) when it cannot
 * be read, or has lines in error and `skipErrors` is false. `claim` (the feed) inserts the record
 * first under the feed's unique content hash: a second instance's insert waits for the first to
 * commit and then finds the file taken, so it returns null and loads nothing.
 */
/** The refusal of a file with lines in error that nobody chose to leave out. */
function refuseErrors(fileName: string, problems: readonly ReadProblem[]): LoadRefused {
  const errors = linesInError(problems);
  return new LoadRefused(
    400,
    errors === 1
      ? `${fileName}: la línea ${errorLines(problems)[0]} tiene un error y no se cargó nada. Corrígela o confirma que se omita.`
      : `${fileName}: ${errors} líneas tienen errores y no se cargó nada. Corrígelas o confirma que se omitan.`,
    problemDetails(problems.filter((p) => p.severity === "error")),
  );
}

export async function applyLoad(
  db: Database,
  input: LoadInput,
  options: { source: LoadSource; loader: Loader; skipErrors: boolean; now: Date; dropKey?: string; airports?: readonly string[] },
): Promise<LoadRecord | null> {
  // `airports`: a restricted caller's airports among the active ones (issue 37 item 6); else every active one.
  const codes = options.airports ? [...options.airports] : await heldCodes(db);
  const reading = await runHeavy("readLoadFile", [input.kind, input.content, await storedAirline(db), codes]);
  if (reading.refusal) throw new LoadRefused(400, `${input.fileName}: ${reading.refusal}`);
  const errors = linesInError(reading.problems);
  if (errors > 0 && !options.skipErrors) throw refuseErrors(input.fileName, reading.problems);
  if (reading.flights.length === 0 && !reading.movements) throw refuseAll(input.fileName, "ninguna línea del archivo se puede cargar", reading.problems);

  return db.transaction(async (tx) => {
    const { warnings } = countProblems(reading.problems);
    const base = {
      ...fileValues(input, options.source, options.loader),
      status: "applied",
      counts: { lines: reading.lines, new: 0, changed: 0, unchanged: 0, skipped: errors, pending: 0 },
      rematchDates: [],
      warnings,
      errors,
      problems: reading.problems.slice(0, MAX_PROBLEMS),
      skippedText: skippedText(input.content, reading.problems),
      message: null,
      dropKey: options.dropKey ?? null,
      createdAt: options.now,
    };
    // The feed's claims: its content (data_loads_feed_claim) and its drop (data_loads_drop_key).
    const claimed =
      options.source === "feed"
        ? await tx.insert(dataLoads).values(base).onConflictDoNothing().returning({ id: dataLoads.id })
        : await tx.insert(dataLoads).values(base).returning({ id: dataLoads.id });
    const id = claimed[0]?.id;
    if (id === undefined) return null;
    if (reading.movements) {
      // The messages meet their flights only here: an error found against a flight refuses the
      // load like a line the reader could not read (the transaction rolls back).
      const plan = await planMovements(tx, reading.movements, options.now);
      const found = linesInError(plan.problems);
      if (found > 0 && !options.skipErrors) throw refuseErrors(input.fileName, plan.problems);
      if (plan.counts.changed + plan.counts.unchanged + plan.counts.pending === 0) {
        throw refuseAll(input.fileName, "ningún mensaje del archivo se puede aplicar", plan.problems);
      }
      const rematched = await applyMovementPlan(tx, plan, id, options.now);
      await tx
        .update(dataLoads)
        .set({
          counts: { lines: reading.lines, ...plan.counts },
          rematchDates: rematched,
          warnings: countProblems(plan.problems).warnings,
          errors: found,
          problems: plan.problems.slice(0, MAX_PROBLEMS),
          skippedText: skippedText(input.content, plan.problems),
        })
        .where(eq(dataLoads.id, id));
      const [row] = await loadRows(tx, id);
      if (!row) throw new Error(`data load ${id} vanished`);
      return row;
    }
    // One way: read (above) → plan → apply (the flights, then the movement messages that waited
    // for them) → rematch every touched date once.
    const plan = await planFlights(tx, reading.flights, sourceOf(input.kind), false);
    const stored = plan.toStore.length > 0 ? await upsertFlights(tx, plan.toStore, sourceOf(input.kind)) : null;
    const pending = stored ? await applyPendingMovementsUnmatched(tx) : [];
    const rematched = stored ? (await rematch(tx, [...new Set([...plan.dates, ...stored.dates, ...pending])])).dates : [];
    const counts = { lines: reading.lines, ...plan.counts, skipped: errors, pending: 0 };
    await tx.update(dataLoads).set({ counts, rematchDates: rematched }).where(eq(dataLoads.id, id));
    const [row] = await loadRows(tx, id);
    if (!row) throw new Error(`data load ${id} vanished`);
    return row;
  });
}

/**
 * Records a feed file that could not be loaded at all, with the reader's reasons (line, column,
 * message), claimed like a loaded one (null: taken).
 */
export async function recordRefusedFeed(
  db: Database,
  input: LoadInput,
  refusal: { message: string; problems: readonly ReadProblem[] },
  now: Date,
  dropKey: string | null = null,
): Promise<LoadRecord | null> {
  const problems = refusal.problems.slice(0, MAX_PROBLEMS);
  const values = {
    ...fileValues(input, "feed", null),
    status: "refused",
    counts: { lines: 0, new: 0, changed: 0, unchanged: 0, skipped: linesInError(problems), pending: 0 },
    rematchDates: [],
    warnings: countProblems(problems).warnings,
    errors: linesInError(problems),
    problems,
    skippedText: skippedText(input.content, problems),
    message: refusal.message,
    dropKey,
    createdAt: now,
  };
  const [claimed] = await db.insert(dataLoads).values(values).onConflictDoNothing().returning({ id: dataLoads.id });
  if (!claimed) return null;
  const [row] = await loadRows(db, claimed.id);
  return row ?? null;
}

/** The feed's record of a content: the load or refusal that claimed it. */
async function feedClaimOf(db: Database, hash: string): Promise<{ id: number; status: string; createdAt: Date } | null> {
  const [row] = await db
    .select({ id: dataLoads.id, status: dataLoads.status, createdAt: dataLoads.createdAt })
    .from(dataLoads)
    .where(sql`${dataLoads.source} = 'feed' and ${dataLoads.status} <> 'unchanged' and ${dataLoads.contentHash} = ${hash}`);
  return row ?? null;
}

/**
 * Records a feed file whose content the feed took before as an `unchanged` load: "sin cambios: ya
 * cargado el dd/mm hh:mm (carga N)". Claimed by its drop: null when this drop is recorded already
 * (another instance, or this one before a restart) or the content has no earlier record.
 */
export async function recordUnchangedFeed(
  db: Database,
  input: LoadInput,
  dropKey: string,
  now: Date,
): Promise<{ record: LoadRecord; earlier: "applied" | "refused" } | null> {
  const earlier = await feedClaimOf(db, contentHash(input.content));
  if (!earlier) return null;
  const when = zonedDateTime(earlier.createdAt.getTime(), LOCAL_ZONE);
  const verb = earlier.status === "refused" ? "ya rechazado" : "ya cargado";
  const values = {
    ...fileValues(input, "feed", null),
    status: "unchanged",
    counts: { lines: 0, new: 0, changed: 0, unchanged: 0, skipped: 0, pending: 0 },
    rematchDates: [],
    warnings: 0,
    errors: 0,
    problems: [],
    message: `sin cambios: ${verb} el ${when.date.slice(0, 5)} ${when.time} (carga ${earlier.id})`,
    dropKey,
    createdAt: now,
  };
  const [claimed] = await db.insert(dataLoads).values(values).onConflictDoNothing().returning({ id: dataLoads.id });
  if (!claimed) return null;
  const [row] = await loadRows(db, claimed.id);
  return row ? { record: row, earlier: earlier.status === "refused" ? "refused" : "applied" } : null;
}

/** A record as the drivers answer it: jsonb may come back as text. */
type LoadRow = Omit<LoadRecord, "counts" | "rematch_dates" | "problems"> & {
  /** Loads recorded before MVT messages had no pending count. */
  counts: (Omit<LoadCounts, "pending"> & { pending?: number }) | string;
  rematch_dates: string[] | string;
  problems: ReadProblem[] | string;
};

const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** The history, newest first (or one load by id). */
export async function loadRows(db: Database, id?: number, limit = 100): Promise<LoadRecord[]> {
  const rows = await queryRows<LoadRow>(
    db,
    sql`select id, kind, source, file_name, status,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as loaded_at,
               loaded_by_name as loaded_by, counts, rematch_dates, warnings, errors, message, problems
        from data_loads ${id === undefined ? sql`` : sql`where id = ${id}`}
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    // Loads recorded before the pending count existed had none.
    counts: { pending: 0, ...json(row.counts) },
    rematch_dates: json(row.rematch_dates),
    problems: json(row.problems),
  }));
}

export async function loadFile(db: Database, id: number): Promise<{ fileName: string; content: Buffer; skipped: string | null } | null> {
  const [row] = await db
    .select({ fileName: dataLoads.fileName, content: dataLoads.content, skipped: dataLoads.skippedText })
    .from(dataLoads)
    .where(eq(dataLoads.id, id))
    .orderBy(desc(dataLoads.id));
  return row ?? null;
}
