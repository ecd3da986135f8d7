/**
 * What goes over the wire besides the answers: compression (brotli, gzip) of JSON, CSV and the
 * app's files, Cache-Control of hashed assets, index.html and /config.js, and the
 * Content-Security-Policy (no inline script).
 */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_DATE, FIXTURE_NOW, loadTurnoverFixture } from "../support/turnoverFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

const APP_JS = `console.log(${JSON.stringify("Slotdesk ".repeat(400))});\n`;
const ASSET = "/assets/index-Ab12Cd34.js";
const TURNOVER = { start: FIXTURE_DATE, end: FIXTURE_DATE, time_zone: "UTC", airport: "MEX" };

let server: TestServer;
let reportes: TestClient;
let token: string;

beforeAll(async () => {
  // A built app as Vite and its precompress plugin leave it: index.html, a hashed asset and its twins.
  const staticDir = await mkdtemp(join(tmpdir(), "slotdesk-wire-"));
  await mkdir(join(staticDir, "assets"));
  await writeFile(
    join(staticDir, "index.html"),
    `<!doctype html><title>Slotdesk</title><script type="module" src="${ASSET}"></script><div id=root></div>`,
  );
  await writeFile(join(staticDir, ASSET), APP_JS);
  await writeFile(join(staticDir, `${ASSET}.br`), brotliCompressSync(APP_JS));
  await writeFile(join(staticDir, `${ASSET}.gz`), gzipSync(APP_JS));
  server = await startServer({ now: () => FIXTURE_NOW, config: { staticDir } });
  await loadTurnoverFixture(server.handle.db);
  reportes = await server.signIn("Reportes");
  token = await reportes.csrfToken();
});
afterAll(() => server.close());

/** A JSON call as the signed-in client (its cookies and CSRF header). */
const sessionHeaders = (): Record<string, string> => ({
  "content-type": "application/json",
  "x-csrftoken": token,
  cookie: [...reportes.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
});

/** The turnover call of the signed-in client, asking for `encoding`. */
const turnover = (encoding?: string): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method: "POST",
    url: "/api/turnover/",
    headers: { ...sessionHeaders(), ...(encoding ? { "accept-encoding": encoding } : {}) },
    payload: JSON.stringify(TURNOVER),
  });

const decode = (response: LightMyRequestResponse): string => {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString("utf8");
  return response.body;
};

describe("compression", () => {
  it("compresses a JSON answer (the turnover's pre-built bytes) with brotli or gzip when asked, to the same JSON", async () => {
    const plain = await turnover();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const rows: unknown = JSON.parse(plain.body);
    expect(Array.isArray(rows) && rows.length > 0).toBe(true);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await turnover("br, gzip");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(br.headers["cache-control"]).toBe("no-store");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode(br))).toEqual(rows);

    const gzip = await turnover("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decode(gzip))).toEqual(rows);
  });

  it("gives people who open the same days at once one answer, each in the encoding it asked for, and refuses an encoding refused with q=0", async () => {
    const [plain, br1, br2, gzip, noBrotli] = await Promise.all([
      turnover(),
      turnover("gzip, deflate, br"),
      turnover("br"),
      turnover("gzip"),
      turnover("br;q=0, gzip;q=0.5"),
    ]);
    const rows: unknown = JSON.parse(plain.body);
    for (const answer of [br1, br2, gzip, noBrotli]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.rawPayload.length);
      expect(JSON.parse(decode(answer))).toEqual(rows);
    }
    expect([br1, br2, gzip, noBrotli].map((a) => a.headers["content-encoding"])).toEqual(["br", "br", "gzip", "gzip"]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses the CSV download", async () => {
    const download = (encoding?: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/turnover/download/",
        headers: { ...sessionHeaders(), ...(encoding ? { "accept-encoding": encoding } : {}) },
        payload: JSON.stringify(TURNOVER),
      });
    const plain = await download();
    const gzip = await download("gzip");
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers["content-type"]).toMatch(/^text\/csv/);
    expect(gzip.headers["content-disposition"]).toBe(plain.headers["content-disposition"]);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decode(gzip)).toBe(plain.body);
  });

  it("leaves small answers and clients that ask for nothing alone", async () => {
    const me = await server.app.inject({
      method: "GET",
      url: "/api/auth/csrf/",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(me.headers["content-encoding"]).toBeUndefined();
    expect(me.json()).toHaveProperty("csrftoken");
  });

  it("serves the app's files as built, or their brotli or gzip twin", async () => {
    const br = await server.app.inject({ method: "GET", url: ASSET, headers: { "accept-encoding": "gzip, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(br)).toBe(APP_JS);

    const gzip = await server.app.inject({ method: "GET", url: ASSET, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decode(gzip)).toBe(APP_JS);

    const plain = await server.app.inject({ method: "GET", url: ASSET });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });
});

describe("caching", () => {
  it("caches hashed assets for ever, whatever the encoding", async () => {
    for (const encoding of [undefined, "br", "gzip"]) {
      const response = await server.app.inject({
        method: "GET",
        url: ASSET,
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("never caches index.html (by name, or served for a client-side route) nor /config.js", async () => {
    for (const url of ["/", "/auth/login", "/turnover", "/index.html"]) {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["cache-control"], url).toMatch(/^no-(cache|store)$/);
    }
    const config = await server.app.inject({ method: "GET", url: "/config.js" });
    expect(config.headers["cache-control"]).toBe("no-store");
  });
});

describe("Content-Security-Policy", () => {
  const directives = (header: string | string[] | number | undefined): Map<string, string[]> =>
    new Map(
      String(header ?? "")
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name = "", ...values]) => [name, values]),
    );

  it("allows scripts only from the server's own files: no inline script, no other origin", async () => {
    for (const url of ["/auth/login", ASSET, "/api/docs/", "/api/health/"]) {
      const response = await server.app.inject({ method: "GET", url });
      const csp = directives(response.headers["content-security-policy"]);
      // No inline script, no other origin and no 'unsafe-eval' (the forms' validators are precompiled).
      expect(csp.get("script-src"), url).toEqual(["'self'"]);
      expect(csp.get("script-src"), url).not.toContain("'unsafe-inline'");
      expect(csp.get("script-src-attr"), url).toEqual(["'none'"]);
      expect(csp.get("default-src"), url).toEqual(["'self'"]);
      expect(csp.get("object-src"), url).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), url).toEqual(["'none'"]);
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("same-origin");
    }
  });

  it("lets the browser call an API and task service configured on other origins", async () => {
    const apart = await startServer({
      config: { publicApiBaseUrl: "https://api.example/slotdesk", publicTaskBaseUrl: "https://tareas.example" },
    });
    try {
      const response = await apart.app.inject({ method: "GET", url: "/api/health/" });
      const csp = directives(response.headers["content-security-policy"]);
      expect(csp.get("connect-src")).toEqual(["'self'", "https://api.example", "https://tareas.example"]);
    } finally {
      await apart.close();
    }
  });

  it("the pages the server sends have no inline script", async () => {
    const docs = await server.app.inject({ method: "GET", url: "/api/docs/" });
    const page = await readFile(join(__dirname, "..", "..", "index.html"), "utf8");
    for (const html of [docs.body, page]) {
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes = "", body = ""] of scripts) {
        expect(attributes).toMatch(/\bsrc=/);
        expect(body.trim()).toBe("");
      }
    }
  });
});
