/**
 * What goes over the wire besides the answers themselves: compression, caching and the security
 * headers (Content-Security-Policy and friends).
 *
 * - JSON, CSV and text answers are compressed with brotli or gzip when the client accepts them,
 *   at levels chosen for CPU (the 28-day turnover answer is 7.9 MB of JSON; `npm run bench`
 *   prints its size on the wire and the time to compress it).
 * - The built app's files are compressed once, at build time, at the strongest levels
 *   (vite.config.ts writes `.br` and `.gz` beside each), and served as they are.
 * - Hashed files under /assets/ are cached for ever; index.html and /config.js never are, so a
 *   new version is picked up on the next load; API answers are `no-store`.
 */
import { relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Brotli quality for answers compressed per request. Measured on the 28-day turnover answer
 * (7.9 MB of JSON, on this project's 2-core machines): quality 1 gives 0.41 MB in ~25 ms, 4 gives
 * 0.26 MB in ~25-40 ms, 5 and up 0.20 MB in ~150 ms. Quality 4 (also @fastify/compress's
 * default) keeps it well under the 0.5 MB budget for little more CPU than quality 1.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * gzip level for answers compressed per request, for clients that do not send `br` (browsers
 * advertise it to secure origins only, HTTPS and localhost, so a plain-HTTP intranet gets gzip):
 * level 1 gives 0.54 MB (over the budget), 3 gives 0.45 MB in ~15-25 ms, 6 (zlib's default)
 * 0.34 MB in ~90 ms.
 */
export const DYNAMIC_GZIP_LEVEL = 3;

/** The compressors' output chunks: fewer, larger writes for the multi-megabyte answers. */
const CHUNK_SIZE = 64 * 1024;

/** Content types worth compressing: text, JSON, CSV, JavaScript, YAML, SVG. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|yaml|xml)|image\/svg\+xml|[^;]*\+json)/;

/** Cache-Control of the built app's files: hashed names never change, anything else is revalidated. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
export const NO_STORE = "no-store";

/**
 * The Cache-Control of a file of the built app at `path` under `root` (@fastify/static's
 * `setHeaders`): Vite names everything under assets/ by its content hash.
 */
export const staticCacheHeaders =
  (root: string) =>
  (reply: FastifyReply, path: string): void => {
    const inAssets = relative(root, path).split(sep)[0] === "assets";
    reply.header("Cache-Control", inAssets ? IMMUTABLE : REVALIDATE);
  };

/** The origin of a configured base URL, when it is another origin than the page's ("" = same origin). */
const originOf = (baseUrl: string): string | null => {
  if (!/^https?:\/\//i.test(baseUrl)) return null;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
};

export interface WireOptions {
  /** Base URLs the browser calls (config.js): their origins are allowed in `connect-src`. */
  publicBaseUrls: readonly string[];
}

/**
 * Registers compression and the security headers. Call it before any route is added: both
 * plugins attach their hooks to the routes registered after them.
 */
export async function registerWire(app: FastifyInstance, { publicBaseUrls }: WireOptions): Promise<void> {
  const apiOrigins = [...new Set(publicBaseUrls.map(originOf).filter((origin): origin is string => origin !== null))];

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Only the app's own files: index.html has no inline script (the runtime configuration is
        // the external /config.js), nor has the API reference page (its setup is /api/docs/init.js).
        // No 'unsafe-eval': every form validates with functions `npm run generate` precompiled
        // from the contract (src/generated/validators/), so the page never compiles code.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // 'unsafe-inline' for styles: MUI (emotion) writes <style> elements at run time and React
        // components set style attributes (the grids' column widths and virtualised rows); a
        // nonce would cover the first but not the second. Styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...apiOrigins],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Not `upgrade-insecure-requests`: the server is also reached over plain HTTP (locally,
        // or behind a proxy on a private network) and the browser must not rewrite its URLs.
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
  });

  app.addHook("onSend", compressSharedAnswer);
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      chunkSize: CHUNK_SIZE,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL, chunkSize: CHUNK_SIZE },
  });
}

/** Answers several requests receive at once (identical reads shared), each compressed once per encoding. */
const sharedAnswers = new WeakMap<Buffer, Map<"br" | "gzip", Promise<Buffer>>>();

/**
 * Marks an answer that may go to several requests at once (the turnover of ten people reloading the
 * same days): it is compressed once per encoding, off the event loop, instead of once per request
 * on it (25-40 ms each for the 28-day window). Never write into it afterwards.
 */
export function sharedAnswer(bytes: Buffer): Buffer {
  if (!sharedAnswers.has(bytes)) sharedAnswers.set(bytes, new Map());
  return bytes;
}

/** The encoding to use for a client: brotli if it accepts it, else gzip, else none (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressSharedAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (!Buffer.isBuffer(payload)) return payload;
  const cache = sharedAnswers.get(payload);
  if (!cache) return payload;
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  if (!encoding) return payload;
  let compressed = cache.get(encoding);
  if (!compressed) {
    compressed =
      encoding === "br"
        ? brotli(payload, {
            chunkSize: CHUNK_SIZE,
            params: {
              [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
            },
          })
        : gzipAsync(payload, { level: DYNAMIC_GZIP_LEVEL, chunkSize: CHUNK_SIZE });
    cache.set(encoding, compressed);
  }
  const bytes = await compressed;
  reply.header("Vary", "accept-encoding");
  reply.header("Content-Encoding", encoding);
  reply.header("Content-Length", bytes.length);
  return bytes;
}
