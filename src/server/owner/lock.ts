/**
 * One owner for an embedded data directory. PGlite is PostgreSQL compiled into the process that
 * opens it: two processes on one directory lose each other's writes and can corrupt it. So exactly
 * one process (the server, or a command when no server runs) holds the directory, and every other
 * process goes through the holder (see ./control.ts).
 *
 * The lock is a listening socket in Linux's abstract namespace, named after the directory's device
 * and inode: the kernel refuses a second listener on the name (EADDRINUSE) and frees it when the
 * holder dies, however it dies, so a crashed process cannot leave it stuck and there is no stale
 * file to clean up. The same socket answers who holds the directory and, when the holder is the
 * server, carries the commands of the CLIs. Abstract sockets belong to a network namespace: two
 * containers sharing one data directory each need the directory to themselves (say so in README).
 * Elsewhere than Linux a socket file under the system's temporary directory stands in for it.
 */
import { randomBytes } from "node:crypto";
import { accessSync, chmodSync, constants, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Who holds a data directory, as the holder tells it. */
export interface OwnerInfo {
  pid: number;
  /** For people: "servidor Slotdesk", "npm run import:flights", … */
  command: string;
  started_at: string;
  /** True when the holder runs other processes' commands (the server); false for a CLI. */
  serves_commands: boolean;
}

/** A data directory problem for people: a Spanish message; the process exits non-zero. */
export class DataDirError extends Error {}

export type ControlHandler = (request: IncomingMessage, body: string) => Promise<{ status: number; body: unknown }>;

export interface DataDirOwnership {
  info: OwnerInfo;
  /** Starts answering the commands of other processes (until then they wait). */
  serve(handler: ControlHandler): void;
  release(): Promise<void>;
}

const TOKEN_FILE = "control.token";

/** The directory exists (created if missing), is a directory and can be written; else a Spanish error. */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOTDIR") {
      throw new DataDirError(`DATA_DIR (${dataDir}) no es una carpeta: es un archivo. Indique una carpeta.`);
    }
    throw new DataDirError(`No se pudo crear la carpeta de datos ${dataDir}: ${(error as Error).message}`);
  }
  if (!statSync(dataDir).isDirectory()) {
    throw new DataDirError(`DATA_DIR (${dataDir}) no es una carpeta: es un archivo. Indique una carpeta.`);
  }
  try {
    accessSync(dataDir, constants.W_OK | constants.R_OK | constants.X_OK);
  } catch {
    throw new DataDirError(`No hay permiso para escribir en la carpeta de datos ${dataDir}.`);
  }
}

/** The lock's socket address for a directory (which must exist). */
export function ownerAddress(dataDir: string): string {
  const { dev, ino } = statSync(dataDir);
  const name = `slotdesk-${dev}-${ino}`;
  return process.platform === "linux" ? `\0${name}` : join(tmpdir(), `${name}.sock`);
}

/** How a person reads a holder: "el proceso 1234 (servidor Slotdesk, desde 24/11/2026 14:05 UTC)". */
export function describeOwner(info: OwnerInfo): string {
  const since = info.started_at.slice(0, 16).replace("T", " ");
  return `el proceso ${info.pid} (${info.command}, desde ${since} UTC)`;
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off("listening", onListening);
      reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(address);
  });
}

/** A JSON call over the owner socket. `null` when nobody listens there. */
export function callOwner(
  address: string,
  method: "GET" | "POST",
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; body: unknown } | null> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        socketPath: address,
        method,
        path,
        headers: {
          ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        timeout: options.timeoutMs ?? 600_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: keep the text, the caller shows it.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("el dueño de la carpeta de datos no respondió a tiempo")));
    req.on("error", (error: NodeJS.ErrnoException) => {
      // Nobody listens: no holder (a stale socket file off Linux reads the same).
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

function isOwnerInfo(value: unknown): value is OwnerInfo {
  return (
    typeof value === "object" &&
    value !== null &&
    "pid" in value &&
    typeof value.pid === "number" &&
    "command" in value &&
    typeof value.command === "string" &&
    "started_at" in value &&
    typeof value.started_at === "string" &&
    "serves_commands" in value &&
    typeof value.serves_commands === "boolean"
  );
}

/** Who holds the directory now, or null when nobody does. */
export async function currentOwner(dataDir: string): Promise<OwnerInfo | null> {
  const answer = await callOwner(ownerAddress(dataDir), "GET", "/owner", { timeoutMs: 10_000 });
  if (!answer) return null;
  if (!isOwnerInfo(answer.body)) throw new DataDirError(`Otro programa ocupa el candado de la carpeta de datos ${dataDir}.`);
  return answer.body;
}

/** The token a process must show to run a command through the holder (readable by the directory's owner only). */
export function readControlToken(dataDir: string): string {
  try {
    return readFileSync(join(dataDir, TOKEN_FILE), "utf8").trim();
  } catch {
    throw new DataDirError(`No se pudo leer ${join(dataDir, TOKEN_FILE)}: se necesita permiso sobre la carpeta de datos.`);
  }
}

/**
 * Takes the directory for this process, or throws a DataDirError naming the process that holds it.
 * `command` says who we are to whoever finds the directory taken.
 */
export async function acquireDataDir(
  dataDir: string,
  options: { command: string; servesCommands: boolean },
): Promise<DataDirOwnership> {
  prepareDataDir(dataDir);
  const address = ownerAddress(dataDir);
  const info: OwnerInfo = {
    pid: process.pid,
    command: options.command,
    started_at: new Date().toISOString(),
    serves_commands: options.servesCommands,
  };
  let handler: ControlHandler | null = null;
  let ready: () => void = () => undefined;
  const whenServing = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const token = randomBytes(32).toString("hex");

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify(body));
        };
        if (req.method === "GET" && req.url === "/owner") return reply(200, info);
        if (!options.servesCommands) return reply(409, { message: `La carpeta de datos está en uso por ${describeOwner(info)}.` });
        if (req.headers.authorization !== `Bearer ${token}`) {
          return reply(403, { message: "Falta el permiso de la carpeta de datos (control.token) o no coincide." });
        }
        await whenServing;
        if (!handler) return reply(503, { message: "El servidor se está cerrando." });
        try {
          const answer = await handler(req, Buffer.concat(chunks).toString("utf8"));
          reply(answer.status, answer.body);
        } catch (error) {
          reply(500, { message: `El servidor no pudo completar el comando: ${(error as Error).message}` });
        }
      })();
    });
  });

  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const holder = await currentOwner(dataDir);
    if (holder) throw new DataDirError(`La carpeta de datos ${dataDir} está en uso por ${describeOwner(holder)}.`);
    // Off Linux only: a socket file left by a process that died. Nobody answers on it.
    unlinkSync(address);
    await listen(server, address);
  }
  const tokenFile = join(dataDir, TOKEN_FILE);
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  chmodSync(tokenFile, 0o600);

  return {
    info,
    serve(next) {
      handler = next;
      ready();
    },
    async release() {
      handler = null;
      ready();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
