/**
 * The commands (`npm run user:create`, `npm run import:flights`, …) and how they reach the
 * database. On PostgreSQL a command opens its own connection. On the embedded database it goes
 * through the process that holds the data directory (./lock.ts): a running server runs it on its
 * own PGlite, so the write is visible at once and there is one writer; with no server running, the
 * command takes the directory itself for as long as it runs.
 *
 * Each command parses its arguments in the CLI, and again (from JSON) where it runs, and answers
 * with the lines to print and an exit code, so it reads the same whichever process ran it.
 */
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { PasswordHasher } from "../auth/passwords";
import { openAndPrepareDatabase } from "../bootstrap";
import type { ServerConfig } from "../config";
import { readConfig } from "../config";
import type { Database } from "../db/client";
import type { ReadProblem } from "../../domain/reading";
import { readFile } from "node:fs/promises";
import { decodeText } from "../../domain/reading";
import { applyLoad, LoadRefused, type LoadRecord } from "../loads/apply";
import type { LoadKind } from "../loads/read";
import { isRoleName } from "../../generated/access";
import { createUser, UserInputError } from "../users/create";
import {
  acquireDataDir,
  callOwner,
  type ControlHandler,
  currentOwner,
  DataDirError,
  describeOwner,
  ownerAddress,
  prepareDataDir,
  readControlToken,
} from "./lock";

export interface CommandOutput {
  exitCode: 0 | 1;
  stdout: string[];
  stderr: string[];
}

export interface CommandContext {
  db: Database;
  passwords: PasswordHasher;
}

export interface CommandArgs {
  "user:create": { email: string; role: string; password?: string | undefined; name?: string | undefined; lastName?: string | undefined };
  "flights:import": { fileName: string; content: string; skipErrors: boolean };
  "schedule:import": { fileName: string; content: string; skipErrors: boolean };
  "mvt:import": { fileName: string; content: string; skipErrors: boolean };
}
export type CommandName = keyof CommandArgs;

interface Command<A> {
  /** The arguments from JSON; a string is the reason they are refused. */
  parse(value: unknown): A | string;
  run(context: CommandContext, args: A): Promise<CommandOutput>;
}

const ok = (...stdout: string[]): CommandOutput => ({ exitCode: 0, stdout, stderr: [] });
const failed = (...stderr: string[]): CommandOutput => ({ exitCode: 1, stdout: [], stderr });

function field(value: object, name: string): unknown {
  return name in value ? (value as Record<string, unknown>)[name] : undefined;
}
const optionalText = (value: unknown): value is string | undefined => value === undefined || typeof value === "string";

function parseFileArgs(value: unknown): { fileName: string; content: string } | string {
  if (typeof value !== "object" || value === null) return "argumentos no válidos";
  const fileName = field(value, "fileName");
  const content = field(value, "content");
  if (typeof fileName !== "string" || typeof content !== "string") return "faltan fileName y content";
  return { fileName, content };
}

/**
 * A file's text as every load reads it (the feed folder and the browser's form too): UTF-8, else
 * the Latin-1 Windows tools write (src/domain/reading's decodeText).
 */
export async function readCommandFile(path: string): Promise<string> {
  return decodeText(await readFile(path));
}

/** The file arguments of a load command, with `skipErrors` (false unless given). */
function parseLoadArgs(value: unknown): { fileName: string; content: string; skipErrors: boolean } | string {
  const file = parseFileArgs(value);
  if (typeof file === "string") return file;
  const skipErrors = field(value as object, "skipErrors");
  if (skipErrors !== undefined && typeof skipErrors !== "boolean") return "argumentos no válidos";
  return { ...file, skipErrors: skipErrors === true };
}

/** What a command's load says it did, per kind. */
const LOAD_SUMMARY: Record<LoadKind, (fileName: string, record: LoadRecord, ms: number) => string> = {
  flights: (fileName, record, ms) => flightSummary("Vuelos cargados", fileName, record, ms),
  schedule: (fileName, record, ms) => flightSummary("Vuelos planeados cargados (SSIM)", fileName, record, ms),
  mvt: (fileName, { id, counts: c, rematch_dates: dates }, ms) =>
    `Mensajes MVT de ${fileName} (carga ${id}): ${c.lines} leídos, ${c.changed} aplicados, ${c.unchanged} sin cambios, ` +
    `${c.pending} pendientes de su vuelo, ${c.skipped} omitidos; ${dates.length} fechas recalculadas en ${ms} ms.`,
};

function flightSummary(what: string, fileName: string, { id, counts: c, rematch_dates: dates }: LoadRecord, ms: number): string {
  const span = dates.length === 0 ? "" : dates.length === 1 ? ` (${dates[0]})` : ` (${dates[0]} a ${dates.at(-1)})`;
  return (
    `${what} de ${fileName} (carga ${id}): ${c.new + c.changed + c.unchanged} (${c.new} nuevos, ${c.changed + c.unchanged} actualizados); ` +
    `${dates.length === 1 ? "1 fecha recalculada" : `${dates.length} fechas recalculadas`}${span} en ${ms} ms.`
  );
}

/**
 * A file loaded from a command: the same path as the browser's and the feed folder's loads
 * (loads/apply.ts), recorded in the load history as the command's. What it did and every problem
 * with line and column; a refused file (exit 1) changes nothing.
 */
async function runLoad(db: Database, kind: LoadKind, args: { fileName: string; content: string; skipErrors: boolean }): Promise<CommandOutput> {
  const problemLine = (p: ReadProblem) => `  ${p.severity}, línea ${p.line}, columna ${p.column}: ${p.message}`;
  try {
    const started = performance.now();
    const record = await applyLoad(
      db,
      { kind, fileName: args.fileName, content: args.content },
      { source: "cli", loader: null, skipErrors: args.skipErrors, now: new Date() },
    );
    if (!record) throw new Error("a load from a command is never claimed away");
    return ok(LOAD_SUMMARY[kind](args.fileName, record, Math.round(performance.now() - started)), ...record.problems.map(problemLine));
  } catch (error) {
    if (!(error instanceof LoadRefused)) throw error;
    return failed(
      error.message,
      ...(error.errors ?? []).map((e) => `  línea ${e.line ?? "?"}${e.column === undefined ? "" : `, columna ${e.column}`}: ${e.message}`),
    );
  }
}

const COMMANDS: { [K in CommandName]: Command<CommandArgs[K]> } = {
  "user:create": {
    parse(value) {
      if (typeof value !== "object" || value === null) return "argumentos no válidos";
      const [email, role, password, name, lastName] = ["email", "role", "password", "name", "lastName"].map((key) => field(value, key));
      if (typeof email !== "string" || typeof role !== "string") return "faltan email y role";
      if (!optionalText(password) || !optionalText(name) || !optionalText(lastName)) return "argumentos no válidos";
      return { email, role, password, name, lastName };
    },
    async run({ db, passwords }, args) {
      if (!isRoleName(args.role)) return failed(`Rol desconocido: ${args.role}.`);
      try {
        const created = await createUser(db, passwords, { ...args, role: args.role });
        return ok(
          `Usuario creado: ${created.email} (${args.role}, id ${created.id})`,
          ...(args.password ? [] : [`Contraseña (se muestra solo esta vez): ${created.password}`]),
        );
      } catch (error) {
        if (error instanceof UserInputError) return failed(error.message);
        throw error;
      }
    },
  },
  // The three loads share one path: loads/apply.ts, as the browser and the feed folder.
  "flights:import": { parse: parseLoadArgs, run: ({ db }, args) => runLoad(db, "flights", args) },
  "schedule:import": { parse: parseLoadArgs, run: ({ db }, args) => runLoad(db, "schedule", args) },
  "mvt:import": { parse: parseLoadArgs, run: ({ db }, args) => runLoad(db, "mvt", args) },
};

function isCommandName(value: string): value is CommandName {
  return value in COMMANDS;
}

async function runHere<K extends CommandName>(name: K, context: CommandContext, value: unknown): Promise<CommandOutput> {
  const command: Command<CommandArgs[K]> = COMMANDS[name];
  const args = command.parse(value);
  if (typeof args === "string") return failed(`${name}: ${args}`);
  return command.run(context, args);
}

/** What the server answers on its owner socket: POST /commands/{name} with the arguments as JSON. */
export function commandHandler(context: CommandContext): ControlHandler {
  return async (request: IncomingMessage, body: string) => {
    const name = /^\/commands\/([a-z:]+)$/.exec(request.url ?? "")?.[1];
    if (request.method !== "POST" || !name || !isCommandName(name)) return { status: 404, body: { message: "Comando desconocido." } };
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return { status: 400, body: { message: "Los argumentos no son JSON." } };
    }
    return { status: 200, body: await runHere(name, context, value) };
  };
}

function isCommandOutput(value: unknown): value is CommandOutput {
  if (typeof value !== "object" || value === null) return false;
  const exitCode = field(value, "exitCode");
  const lines = (key: string) => {
    const list = field(value, key);
    return Array.isArray(list) && list.every((line) => typeof line === "string");
  };
  return (exitCode === 0 || exitCode === 1) && lines("stdout") && lines("stderr");
}

async function runOnOwnDatabase<K extends CommandName>(
  name: K,
  args: CommandArgs[K],
  options: { databaseUrl?: string; dataDir?: string },
  config: ServerConfig,
): Promise<CommandOutput> {
  const handle = await openAndPrepareDatabase(options, new Date());
  try {
    return await runHere(name, { db: handle.db, passwords: new PasswordHasher(config.scryptLog2N) }, args);
  } finally {
    await handle.close();
  }
}

/**
 * Runs a command where it must run (see the top of this file) and returns what to print.
 * `who` names this process to anyone who finds the data directory taken meanwhile.
 */
export async function runCommand<K extends CommandName>(name: K, args: CommandArgs[K], who: string): Promise<CommandOutput> {
  const config = readConfig();
  if (config.databaseUrl) return runOnOwnDatabase(name, args, { databaseUrl: config.databaseUrl }, config);

  prepareDataDir(config.dataDir);
  // A few rounds: the holder may go away, or a server take the directory, between two looks.
  for (let round = 0; round < 5; round += 1) {
    const holder = await currentOwner(config.dataDir);
    if (holder) {
      if (!holder.serves_commands) {
        throw new DataDirError(`La carpeta de datos ${config.dataDir} está en uso por ${describeOwner(holder)}. Espere a que termine.`);
      }
      const answer = await callOwner(ownerAddress(config.dataDir), "POST", `/commands/${name}`, {
        token: readControlToken(config.dataDir),
        body: args,
      });
      // 403: the server was just starting and had not written its token yet; look again.
      if (!answer || answer.status === 403) continue;
      if (answer.status === 200 && isCommandOutput(answer.body)) return answer.body;
      const message = typeof answer.body === "object" && answer.body !== null ? field(answer.body, "message") : answer.body;
      return failed(`El servidor (${describeOwner(holder)}) no ejecutó el comando: ${String(message)}`);
    }
    let ownership;
    try {
      ownership = await acquireDataDir(config.dataDir, { command: who, servesCommands: false });
    } catch (error) {
      if (error instanceof DataDirError) continue; // taken between the look and the take
      throw error;
    }
    try {
      return await runOnOwnDatabase(name, args, { dataDir: join(config.dataDir, "pglite") }, config);
    } finally {
      await ownership.release();
    }
  }
  throw new DataDirError(`La carpeta de datos ${config.dataDir} cambia de dueño sin parar; inténtelo de nuevo.`);
}

/** Prints a command's output the way a CLI does and returns its exit code. */
export function printOutput(output: CommandOutput): number {
  for (const line of output.stdout) console.log(line);
  for (const line of output.stderr) console.error(line);
  return output.exitCode;
}
