/**
 * A real Slotdesk server per test file, on its own copy of the migrated template database
 * (PGlite in memory, or a fresh PostgreSQL database when DATABASE_URL is set), driven through
 * its HTTP interface with `app.inject`. Every answer is checked against the contract.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { OPERATIONS, type OperationId, ROLE_NAMES } from "../../src/generated/access";
import type { components } from "../../src/generated/openapi";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig, type ServerConfig } from "../../src/server/config";
import type { HandlerResult } from "../../src/server/contract/routes";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";
import { seedReferenceData } from "../../src/server/db/seed";
import type { Services } from "../../src/server/services";
import { createUser } from "../../src/server/users/create";
import { EventStreamReader } from "../support/eventStream";
import { assertMatchesContract, contract } from "./contract";
import { databaseUrlFor } from "./databases";

type RoleName = components["schemas"]["RoleName"];
export type ErrorBody = components["schemas"]["Error"];
export { EventStreamReader, type StreamMessage } from "../support/eventStream";
export const ROLES: readonly RoleName[] = ROLE_NAMES;
export const TEST_PASSWORD = "contraseña de prueba 1";

type SuccessBody<K extends OperationId> = Extract<HandlerResult<K>, { body: unknown }>["body"];

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  /** A JSON value to send; use `rawBody` for text that is not JSON. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Send the CSRF header on mutating calls (default true). */
  csrf?: boolean;
}

/** A file of a multipart form (`TestClient.form`). */
export interface FormFile {
  field: string;
  name: string;
  content: Buffer | string;
  type?: string;
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse["headers"];
  text: string;
  /** The body's bytes, for binary answers (an .xlsx). */
  bytes: Buffer;
  json: unknown;
  cookies: LightMyRequestResponse["cookies"];
}

function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function parse(response: LightMyRequestResponse): TestResponse {
  const json = jsonOf(response.body);
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    bytes: response.rawPayload,
    json,
    cookies: response.cookies,
  };
}

/** An operation's path with its parameters filled in. */
const pathOf = (id: OperationId, params: Record<string, string | number> = {}) =>
  OPERATIONS[id].path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? "")));

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  /** The `cookie` header of this client's session (for calls made outside app.inject). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Any request, outside the contract (static files, unknown paths, raw bodies). */
  async request(options: InjectOptions): Promise<TestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0 && !headers.cookie) headers.cookie = this.cookieHeader();
    const response = await this.app.inject({ ...options, headers });
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return parse(response);
  }

  async csrfToken(): Promise<string> {
    const existing = this.cookies.get("csrftoken");
    if (existing) return existing;
    await this.call("getCsrfToken");
    const token = this.cookies.get("csrftoken");
    if (!token) throw new Error("no csrftoken cookie was set");
    return token;
  }

  /** Calls an operation by operationId and checks the answer against the contract. */
  async call(id: OperationId, input: CallInput = {}): Promise<TestResponse> {
    const op = contract.operations.find((o) => o.operationId === id);
    if (!op) throw new Error(`unknown operation ${id}`);
    const path = pathOf(id, input.params);
    const headers: Record<string, string> = { ...input.headers };
    if (op.isMutating && input.csrf !== false && !headers["x-csrftoken"])
      headers["x-csrftoken"] = await this.csrfToken();
    let payload: string | undefined;
    if (input.rawBody !== undefined) payload = input.rawBody;
    else if (input.body !== undefined) payload = JSON.stringify(input.body);
    if (payload !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
    const query = Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)]));
    const response = await this.request({
      method: op.method.toUpperCase() as InjectOptions["method"],
      url: path,
      query,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    assertMatchesContract(op, response.status, String(response.headers["content-type"] ?? ""), response.text);
    return response;
  }

  /**
   * Calls an operation that takes multipart/form-data with these text fields and files, and checks
   * the answer against the contract (as `call` does for JSON).
   */
  async form(
    id: OperationId,
    input: { params?: Record<string, string | number>; fields: Record<string, string>; files?: FormFile[] },
  ): Promise<TestResponse> {
    const op = contract.operations.find((o) => o.operationId === id);
    if (!op) throw new Error(`unknown operation ${id}`);
    const path = pathOf(id, input.params);
    const body = new FormData();
    for (const [name, value] of Object.entries(input.fields)) body.append(name, value);
    for (const file of input.files ?? []) {
      const bytes = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
      body.append(file.field, new Blob([new Uint8Array(bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
    }
    // Request encodes the form with its boundary, as a browser would.
    const encoded = new Request("http://slotdesk.test/", { method: "POST", body });
    const response = await this.request({
      method: op.method.toUpperCase() as InjectOptions["method"],
      url: path,
      headers: { "content-type": encoded.headers.get("content-type") ?? "", "x-csrftoken": await this.csrfToken() },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    assertMatchesContract(op, response.status, String(response.headers["content-type"] ?? ""), response.text);
    return response;
  }

  /** Calls and expects success; the body is typed by the contract (and was checked against it). */
  async ok<K extends OperationId>(id: K, input: CallInput = {}): Promise<SuccessBody<K>> {
    const response = await this.call(id, input);
    if (response.status >= 300) throw new Error(`${id} answered ${response.status}: ${response.text}`);
    return response.json as SuccessBody<K>;
  }

  /** Calls and expects an error; returns its status and Spanish body. */
  async fail(
    id: OperationId,
    input: CallInput = {},
  ): Promise<{ status: number; body: ErrorBody; response: TestResponse }> {
    const response = await this.call(id, input);
    if (response.status < 400) throw new Error(`${id} was expected to fail but answered ${response.status}`);
    return { status: response.status, body: response.json as ErrorBody, response };
  }
}

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  handle: DatabaseHandle;
  /** A client with no session. */
  client(): TestClient;
  /** Creates an active user with TEST_PASSWORD. */
  createUser(role: RoleName, email?: string): Promise<{ id: number; email: string; password: string }>;
  /** Creates a user of that role and returns a client signed in as them. */
  signIn(role: RoleName): Promise<TestClient & { userId: number; email: string }>;
  /** Opens `client`'s live event stream over a real socket (the server listens on a free port). */
  stream(client: TestClient, headers?: Record<string, string>): Promise<EventStreamReader>;
  close(): Promise<void>;
}

export interface StartOptions {
  now?: () => Date;
  config?: Partial<ServerConfig>;
}

async function openCopy(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  const pgTemplate = inject("pgTemplate");
  if (!baseUrl || !pgTemplate) {
    const dump = await readFile(inject("pgliteTemplate"));
    const handle = await openDatabase({ loadDataDir: new Blob([new Uint8Array(dump)]) });
    return { handle, drop: async () => undefined };
  }
  const name = `${pgTemplate}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${pgTemplate}"`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

let emailCounter = 0;

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const { handle, drop } = await openCopy();
  const now = options.now ?? (() => new Date());
  await handle.migrate();
  await seedReferenceData(handle.db, now());
  // Tests hash with a lower scrypt cost to stay fast; the production default is pinned by a
  // unit test, and the stored hash carries its own parameters either way.
  const config: ServerConfig = {
    ...readConfig({}),
    staticDir: "/nonexistent-slotdesk-static",
    scryptLog2N: 12,
    ...options.config,
  };
  const { contract: loaded, services } = await createServices(config, handle, { now, contract });
  const app = await buildApp({ contract: loaded, services, logger: process.env.TEST_LOG ? { level: "error" } : false });
  await app.ready();

  let baseUrl: string | undefined;
  const server: TestServer = {
    app,
    services,
    handle,
    client: () => new TestClient(app),
    async createUser(role, email) {
      emailCounter += 1;
      const address = email ?? `${role.toLowerCase()}-${emailCounter}-${randomBytes(3).toString("hex")}@prueba.example`;
      return createUser(handle.db, services.passwords, {
        email: address,
        role,
        name: `Nombre${emailCounter}`,
        lastName: `Apellido ${role}`,
        password: TEST_PASSWORD,
      });
    },
    async signIn(role) {
      const user = await server.createUser(role);
      const client = new TestClient(app);
      await client.ok("login", { body: { email: user.email, password: TEST_PASSWORD } });
      return Object.assign(client, { userId: user.id, email: user.email });
    },
    async stream(client, headers = {}) {
      baseUrl ??= await app.listen({ port: 0, host: "127.0.0.1" });
      const cookie = client.cookieHeader();
      return new EventStreamReader().open(`${baseUrl}${OPERATIONS.streamLiveEvents.path}`, {
        ...(cookie ? { cookie } : {}),
        ...headers,
      });
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
    },
  };
  return server;
}
