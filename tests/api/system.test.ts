/** What the server offers besides the operations: health, the contract, its docs, the app. */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let withApp: TestServer;

beforeAll(async () => {
  server = await startServer();
  const staticDir = await mkdtemp(join(tmpdir(), "slotdesk-static-"));
  await writeFile(join(staticDir, "index.html"), "<!doctype html><title>Slotdesk</title><div id=root></div>");
  await writeFile(join(staticDir, "app.js"), "console.log('app')");
  withApp = await startServer({
    config: { staticDir, publicApiBaseUrl: "https://api.example", publicTaskBaseUrl: "https://tareas.example" },
  });
});
afterAll(async () => {
  await server.close();
  await withApp.close();
});

describe("health", () => {
  it("answers without a session and says which database answers", async () => {
    const health = await server.client().ok("getHealth");
    expect(health).toMatchObject({ status: "ok", version: "0.1.0" });
    expect(health.database).toBe(process.env.DATABASE_URL ? "postgresql" : "pglite");
  });

  it("says which Node.js runs the server: the project's Node 24 LTS, also when the machine's node is older", async () => {
    const health = await server.client().ok("getHealth");
    expect(health.node).toBe(process.version);
    expect(health.node).toMatch(/^v24\./);
  });
});

describe("the contract and its reference page", () => {
  it("serves the contract as YAML and a reference page", async () => {
    const client = server.client();
    const yaml = await client.request({ method: "GET", url: "/api/openapi.yaml" });
    expect(yaml.status).toBe(200);
    expect(yaml.text).toMatch(/^openapi: 3\.1\.0/);
    const docs = await client.request({ method: "GET", url: "/api/docs/" });
    expect(docs.text).toContain("swagger-ui-bundle.js");
    const asset = await client.request({ method: "GET", url: "/api/docs/assets/swagger-ui-bundle.js" });
    expect(asset.status).toBe(200);
    expect((await client.request({ method: "GET", url: "/api/docs" })).status).toBe(302);
  });
});

describe("unknown paths", () => {
  it("answers the error shape in Spanish under /api/, also for a missing trailing slash", async () => {
    const client = server.client();
    const unknown = await client.request({ method: "GET", url: "/api/no-existe/" });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: "No existe la ruta GET /api/no-existe/." });
    expect((await client.request({ method: "GET", url: "/api/health" })).status).toBe(404);
  });
});

describe("the browser app", () => {
  it("serves index.html for client-side routes, files as they are, and never for API paths", async () => {
    const client = withApp.client();
    const login = await client.request({ method: "GET", url: "/auth/login" });
    expect(login.status).toBe(200);
    expect(login.headers["content-type"]).toMatch(/text\/html/);
    expect(login.text).toContain("<div id=root>");
    expect((await client.request({ method: "GET", url: "/app.js" })).text).toContain("console.log");
    expect((await client.request({ method: "GET", url: "/api/nada/" })).status).toBe(404);
    expect((await client.request({ method: "GET", url: "/tasks/nada/" })).headers["content-type"]).toMatch(/json/);
  });

  it("tells the browser where the API and the task service are", async () => {
    const config = await withApp.client().request({ method: "GET", url: "/config.js" });
    expect(config.text).toBe(
      'window.__SLOTDESK_CONFIG__ = {"apiBaseUrl":"https://api.example","taskBaseUrl":"https://tareas.example"};\n',
    );
  });

  it("says in Spanish that the app is not built when it is not", async () => {
    const response = await server.client().request({ method: "GET", url: "/" });
    expect(response.status).toBe(503);
    expect(response.text).toMatch(/npm run build/);
  });

  it("sends the protective headers", async () => {
    const response = await server.client().request({ method: "GET", url: "/api/health/" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
