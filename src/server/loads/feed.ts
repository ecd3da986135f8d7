/**
 * The feed folder (FEEDS_DIR, issue 22 item 6): planning and operations systems drop files, they
 * do not click. Every file dropped there is loaded exactly once and then moved: to `procesados/`,
 * or, with a report beside it, to `con-errores/` (lines left out, or nothing loaded at all).
 *
 * Once: a file is claimed in PostgreSQL by its content hash inside the load's transaction
 * (src/server/loads/apply.ts), so two server instances watching one folder never both load it.
 * Each drop is claimed too (its drop key: inode, modification time, size and content hash): a
 * content the feed took before is recorded once per drop as a load "sin cambios: ya cargado el
 * dd/mm hh:mm (carga N)", and a restart after a crash between the commit and the move finds the
 * drop taken and only moves it. A refused file's record and report keep the reader's reasons.
 * Nobody is there to choose, so the feed leaves out the lines in error (kept with the load and in
 * the report) rather than hold back a whole day's file for one bad line.
 *
 * A file is picked up once its size has stayed the same for `settleMs`; a writer that cannot
 * write in one go should write under a name starting with '.' or ending in `.tmp`/`.part` and
 * rename it when done.
 */
import { decodeText } from "../../domain/reading";
import { type FSWatcher, watch } from "node:fs";
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import type { Database } from "../db/client";
import { applyLoad, contentHash, LoadRefused, recordRefusedFeed, recordUnchangedFeed, type LoadRecord } from "./apply";
import type { LoadKind } from "./read";

export const PROCESSED_DIR = "procesados";
export const FAILED_DIR = "con-errores";

export type FeedOptions = {
  db: Database;
  dir: string;
  now: () => Date;
  /** How long a file's size must stay unchanged before it is read (ms). */
  settleMs?: number;
  /** How often the folder is scanned besides the file-system events (ms). */
  intervalMs?: number;
  onLoaded?: (fileName: string, record: LoadRecord | null) => void;
  onError?: (error: unknown) => void;
};

/** What a dropped file is: by its extension, else by its first line. Null when it cannot be told. */
export function feedKind(fileName: string, text: string): LoadKind | null {
  const extension = extname(fileName).toLowerCase();
  if (extension === ".csv") return "flights";
  if (extension === ".ssim" || extension === ".ssm") return "schedule";
  if (extension === ".mvt") return "mvt";
  const first = (text.split(/\r\n|\n|\r/).find((line) => line.trim() !== "") ?? "").replace(/^\uFEFF/, "");
  if (/^\s*(MVT|MVA|COR)\s*$/i.test(first)) return "mvt";
  if (/^1AIRLINE STANDARD SCHEDULE DATA SET/i.test(first) || /^[1-5]\S/.test(first)) return "schedule";
  if (first.toLowerCase().includes("flight_number")) return "flights";
  return null;
}

const ignored = (name: string) => name.startsWith(".") || /\.(tmp|part|crdownload)$/i.test(name) || name.endsWith("~");

/** `dir/name`, or `dir/name-2`… when a file of that name is already there. */
async function freeName(dir: string, name: string): Promise<string> {
  const extension = extname(name);
  const base = name.slice(0, name.length - extension.length);
  for (let n = 1; ; n++) {
    const candidate = join(dir, n === 1 ? name : `${base}-${n}${extension}`);
    try {
      await stat(candidate);
    } catch {
      return candidate;
    }
  }
}

/** `1 línea omitida`, `2 líneas omitidas`: a count with its noun in the right number. */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function report(fileName: string, record: LoadRecord | null, refusal: string | null): string {
  const lines = [`Archivo: ${fileName}`];
  if (refusal) lines.push(`No se cargó: ${refusal}`);
  if (record && record.status === "applied") {
    const c = record.counts;
    lines.push(
      record.kind === "mvt"
        ? `Carga ${record.id}: ${counted(c.changed, "mensaje aplicado", "mensajes aplicados")}, ${c.unchanged} sin cambios, ${counted(c.pending, "pendiente", "pendientes")} de su vuelo; ${counted(c.skipped, "mensaje omitido", "mensajes omitidos")}.`
        : `Carga ${record.id}: ${counted(c.new, "vuelo nuevo", "vuelos nuevos")}, ${counted(c.changed, "modificado", "modificados")}, ${c.unchanged} sin cambios; ${counted(c.skipped, "línea omitida", "líneas omitidas")} por error.`,
    );
  }
  if (record) {
    lines.push(
      "",
      ...record.problems.map((p) => `línea ${p.line}, columna ${p.column} (${p.severity}): ${p.message}\n  ${p.text}`),
    );
  }
  return `${lines.join("\n")}\n`;
}

export class FeedFolder {
  private timer: NodeJS.Timeout | null = null;
  private watcher: FSWatcher | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly sizes = new Map<string, { size: number; since: number }>();

  constructor(private readonly options: FeedOptions) {}

  async start(): Promise<void> {
    await mkdir(join(this.options.dir, PROCESSED_DIR), { recursive: true });
    await mkdir(join(this.options.dir, FAILED_DIR), { recursive: true });
    try {
      this.watcher = watch(this.options.dir, () => this.kick());
      this.watcher.on("error", () => undefined);
    } catch {
      // Some file systems (network shares) have no events: the interval still scans.
      this.watcher = null;
    }
    this.timer = setInterval(() => this.kick(), this.options.intervalMs ?? 2_000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.watcher?.close();
    this.timer = null;
    this.watcher = null;
    await this.running;
  }

  /** Scans now (or right after the scan under way). Resolves when the folder has been scanned. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.scan();
        } catch (error) {
          this.options.onError?.(error);
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async scan(): Promise<void> {
    const { dir } = this.options;
    const entries = await readdir(dir, { withFileTypes: true });
    const settle = this.options.settleMs ?? 1_000;
    const now = Date.now();
    for (const entry of entries.filter((e) => e.isFile() && !ignored(e.name)).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch {
        continue; // taken by another instance meanwhile
      }
      const seen = this.sizes.get(entry.name);
      if (settle > 0 && (!seen || seen.size !== size)) {
        // First seen, or still growing: read it on a later scan, once its size has settled.
        this.sizes.set(entry.name, { size, since: now });
        continue;
      }
      if (seen && now - seen.since < settle) continue;
      this.sizes.delete(entry.name);
      await this.load(entry.name);
    }
  }

  private async load(name: string): Promise<void> {
    const { dir, db } = this.options;
    const path = join(dir, name);
    let bytes: Buffer;
    let dropKey: string;
    try {
      const stats = await stat(path);
      bytes = await readFile(path);
      dropKey = `${stats.ino}:${stats.mtimeMs}:${bytes.length}:${contentHash(decodeText(bytes))}`;
    } catch {
      return; // moved by another instance
    }
    const content = decodeText(bytes);
    const kind = feedKind(name, content);
    const input = { kind: kind ?? "flights", fileName: name, content };
    let record: LoadRecord | null;
    let refusal: string | null = null;
    if (!kind) {
      refusal = "no se reconoce el tipo de archivo (use la extensión .ssim para un itinerario SSIM, .csv para vuelos o .mvt para mensajes de movimiento).";
      record = await recordRefusedFeed(db, input, { message: refusal, problems: [] }, this.options.now(), dropKey);
    } else {
      try {
        record = await applyLoad(db, input, { source: "feed", loader: null, skipErrors: true, now: this.options.now(), dropKey });
      } catch (error) {
        if (!(error instanceof LoadRefused)) throw error;
        refusal = error.message;
        record = await recordRefusedFeed(db, input, { message: refusal, problems: error.problems }, this.options.now(), dropKey);
      }
    }
    if (record === null) {
      // Taken: this content was loaded (or refused) before. A new drop of it is recorded once;
      // null again when this very drop is recorded already (another instance, or a restart).
      refusal = null;
      const unchanged = await recordUnchangedFeed(db, input, dropKey, this.options.now());
      record = unchanged?.record ?? null;
      if (unchanged?.earlier === "refused") refusal = unchanged.record.message;
    }
    const failed = refusal !== null || (record !== null && record.errors > 0);
    const target = await freeName(join(dir, failed ? FAILED_DIR : PROCESSED_DIR), name);
    try {
      await rename(path, target);
    } catch {
      return; // another instance moved it first
    }
    if (failed) await writeFile(`${target}.errores.txt`, report(name, record, refusal));
    this.options.onLoaded?.(name, record);
  }
}
