/**
 * No input gets a 500 (issue 10, item 9). Every operation of the contract, as the server loads
 * it, is called with fast-check values drawn from its own parameter and body schemas: valid
 * ones, and ones broken on purpose (wrong types, out-of-range numbers, NUL bytes, oversize
 * strings, missing and extra fields, bad path ids, broken JSON, wrong content types, no CSRF
 * header), as a signed-in Admin and as anonymous. Every answer must be below 500, match the
 * contract, and every error must have the contract's error shape; the server must stay healthy.
 *
 * Reproducible: the seed is fixed (FUZZ_SEED overrides it) and printed on failure with
 * fast-check's replay path. FUZZ_RUNS multiplies the number of cases for a longer local run.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_SCHEMA_ID, type ContractOperation, readContract } from "../../src/server/contract/load";
import { BODY_LIMITS } from "../../src/server/contract/routes";
import { DATABASE_REFUSED_VALUE } from "../../src/server/http/errors";
import { type Schema, SchemaArbitraries } from "../support/schemaArbitraries";
import { FIXTURE_DATE, FIXTURE_NOW, loadTurnoverFixture } from "../support/turnoverFixtures";
import { assertMatchesContract, contract, declaredResponse } from "./contract";
import {
  type ErrorBody,
  startServer,
  TEST_PASSWORD,
  type TestClient,
  type TestResponse,
  type TestServer,
} from "./harness";

const SEED = Number(process.env.FUZZ_SEED ?? 20261120);
const RUNS = Math.max(0.1, Number(process.env.FUZZ_RUNS ?? 1));
/** Cases per operation for the signed-in Admin. */
const CASES = Math.round(200 * RUNS);
/** For anonymous callers of a public operation (the same paths as the Admin's, mostly). */
const PUBLIC_CASES = Math.round(100 * RUNS);
/** Anonymous calls of a signed-in operation stop at the gate (401): fewer cases say enough. */
const GATED_CASES = Math.round(20 * RUNS);
/** FUZZ_STATS=1 prints, per operation, how many cases got each status (to see what is reached). */
const STATS = process.env.FUZZ_STATS ? new Map<string, Map<string, number>>() : null;

// ---- what the fuzzer sends ------------------------------------------------------------------

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string; contentType: string | null };

interface FuzzCase {
  /** Which part was broken on purpose ("valid" when none), for the failure report. */
  broken: string;
  params: Record<string, string>;
  query: Array<[string, string]>;
  body: Body;
  csrf: "valid" | "missing" | "wrong";
  remoteAddress: string;
}

const BAD_PATH_IDS = [
  "abc",
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  " 1",
  "1 ",
  "+1",
  "2147483648",
  "99999999999",
  "9".repeat(400),
  "NaN",
  "Infinity",
  "-Infinity",
  "1e400",
  "null",
  "\u0000",
  "1\u0000",
  "%",
  "%zz",
  "..",
  ".",
  "",
  "١",
  "１",
  "1;drop",
  "[1]",
  "{}",
];

const RAW_BODIES = [
  "",
  " ",
  "{",
  '{"a":',
  "nul",
  "null",
  "[]",
  '"texto"',
  "1",
  "true",
  '{"a":1}{"b":2}',
  "\ufeff{}",
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  "[".repeat(5000) + "]".repeat(5000),
  '{"a":' + "[".repeat(5000) + "]".repeat(5000) + "}",
  "1e999999",
  '{"a":1e400}',
  "<xml/>",
  "a=1&b=2",
  "\u0000",
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "text/plain",
  "text/csv",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/octet-stream",
  "application/jsonx",
  "",
  null,
];

/** Clients as the server sees them: IPv4, IPv6, IPv4-mapped, scoped (throttling keys on them). */
const ADDRESSES = ["203.0.113.7", "198.51.100.23", "2001:db8::1", "::ffff:192.0.2.9", "fe80::1%eth0"];

const isObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as text in a URL: strings as they are, everything else as JSON. */
const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value) ?? "");

/** Percent-encoding that does not throw on lone surrogates: it sends invalid UTF-8 instead. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return "%ED%A0%80";
        }
      })
      .join("");
  }
}

const bundle = contract.schemaBundle;
const defs = isObject(bundle.$defs) ? bundle.$defs : {};
const arbitraries = new SchemaArbitraries({
  resolve(ref) {
    const name = ref.slice(`${CONTRACT_SCHEMA_ID}#/$defs/`.length);
    const schema = defs[name];
    if (!isObject(schema)) throw new Error(`fuzz: unknown schema ${ref}`);
    return schema;
  },
  focusDate: FIXTURE_DATE,
});

function partSchemas(schema: Schema | null): { properties: Record<string, Schema>; required: string[] } {
  const properties = schema && isObject(schema.properties) ? schema.properties : {};
  const required = schema && Array.isArray(schema.required) ? schema.required : [];
  return {
    properties: Object.fromEntries(Object.entries(properties).filter((entry): entry is [string, Schema] => isObject(entry[1]))),
    required: required.filter((name): name is string => typeof name === "string"),
  };
}

/** Every case of one operation: valid values, or one part broken on purpose. */
function casesOf(op: ContractOperation): fc.Arbitrary<FuzzCase> {
  const path = partSchemas(op.paramsSchema);
  const query = partSchemas(op.querySchema);

  const validParams = fc.record(
    Object.fromEntries(Object.entries(path.properties).map(([name, schema]) => [name, arbitraries.valid(schema).map(asText)])),
  );
  const validQuery = fc
    .record(
      Object.fromEntries(Object.entries(query.properties).map(([name, schema]) => [name, arbitraries.valid(schema)])),
      { requiredKeys: query.required.filter((name) => name in query.properties) },
    )
    .map((values) => Object.entries(values).map(([name, value]): [string, string] => [name, asText(value)]));
  const validBody: fc.Arbitrary<Body> = op.bodySchema
    ? arbitraries.valid(op.bodySchema).map((value) => ({ kind: "json", value }))
    : fc.constant({ kind: "none" });
  const base = fc.record({
    broken: fc.constant("valid"),
    params: validParams,
    query: validQuery,
    body: validBody,
    csrf: fc.constant<FuzzCase["csrf"]>("valid"),
    remoteAddress: fc.constantFrom(...ADDRESSES),
  });

  const variants: Array<fc.WeightedArbitrary<FuzzCase>> = [{ weight: 3, arbitrary: base }];

  const paramNames = Object.keys(path.properties);
  if (paramNames.length > 0) {
    const badValue = (name: string) =>
      fc.oneof(
        fc.constantFrom(...BAD_PATH_IDS),
        arbitraries.invalid(path.properties[name] as Schema).map(asText),
        fc.string({ maxLength: 20, unit: "grapheme" }),
        fc.string({ maxLength: 20, unit: "binary" }),
      );
    variants.push({
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...paramNames))
        .chain(([c, name]) =>
          badValue(name).map((bad) => ({ ...c, broken: `path ${name}`, params: { ...c.params, [name]: bad } })),
        ),
    });
  }

  const queryNames = Object.keys(query.properties);
  const badQuery: Array<fc.Arbitrary<FuzzCase>> = [
    // A parameter the contract does not know, or a known one twice.
    fc
      .tuple(base, fc.constantFrom("desconocido", "__proto__", "a\u0000", ...queryNames), fc.string({ maxLength: 8 }))
      .map(([c, name, value]) => ({ ...c, broken: `query ${name} added`, query: [...c.query, [name, value]] })),
  ];
  if (queryNames.length > 0) {
    badQuery.push(
      fc
        .tuple(base, fc.constantFrom(...queryNames))
        .chain(([c, name]) =>
          arbitraries
            .invalid(query.properties[name] as Schema)
            .map((bad): FuzzCase => ({
              ...c,
              broken: `query ${name}`,
              query: [...c.query.filter(([key]) => key !== name), [name, asText(bad)]],
            })),
        ),
    );
  }
  if (query.required.length > 0) {
    badQuery.push(
      fc.tuple(base, fc.constantFrom(...query.required)).map(([c, name]) => ({
        ...c,
        broken: `query ${name} missing`,
        query: c.query.filter(([key]) => key !== name),
      })),
    );
  }
  variants.push({ weight: queryNames.length > 0 ? 2 : 1, arbitrary: fc.oneof(...badQuery) });

  if (op.bodySchema) {
    const bodySchema = op.bodySchema;
    variants.push({
      weight: 4,
      arbitrary: fc
        .tuple(base, arbitraries.invalid(bodySchema))
        .map(([c, value]) => ({ ...c, broken: "body", body: { kind: "json", value } })),
    });
  }
  variants.push({
    weight: 1,
    arbitrary: fc
      .tuple(base, fc.constantFrom(...RAW_BODIES), fc.constantFrom(...CONTENT_TYPES))
      .map(([c, text, contentType]) => ({ ...c, broken: "raw body", body: { kind: "raw", text, contentType } })),
  });
  // A valid body with the wrong media type.
  if (op.bodySchema) {
    variants.push({
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom(...CONTENT_TYPES)).map(([c, contentType]) => ({
        ...c,
        broken: "content type",
        body: { kind: "raw", text: JSON.stringify(c.body.kind === "json" ? c.body.value : {}), contentType },
      })),
    });
  }
  if (op.isMutating) {
    variants.push({
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom<FuzzCase["csrf"]>("missing", "wrong"))
        .map(([c, csrf]) => ({ ...c, broken: `csrf ${csrf}`, csrf })),
    });
  }
  return fc.oneof(...variants);
}

async function send(client: TestClient, op: ContractOperation, c: FuzzCase): Promise<TestResponse> {
  const path = op.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encode(c.params[name] ?? ""));
  const search = c.query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&");
  const headers: Record<string, string> = {};
  if (c.csrf === "valid") headers["x-csrftoken"] = await client.csrfToken();
  if (c.csrf === "wrong") headers["x-csrftoken"] = "0".repeat(43);
  let payload: string | undefined;
  if (c.body.kind === "json") {
    payload = JSON.stringify(c.body.value);
    headers["content-type"] = "application/json";
  } else if (c.body.kind === "raw") {
    payload = c.body.text;
    if (c.body.contentType !== null) headers["content-type"] = c.body.contentType;
  }
  return client.request({
    method: op.method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: search ? `${path}?${search}` : path,
    headers,
    remoteAddress: c.remoteAddress,
    ...(payload !== undefined ? { payload } : {}),
  });
}

// ---- what every answer must be ---------------------------------------------------------------

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
addFormats(ajv);
ajv.addKeyword({ keyword: "example" });
ajv.addKeyword({ keyword: "discriminator" });
ajv.addSchema(bundle);
const isErrorShape = ajv.compile<ErrorBody>({ $ref: `${CONTRACT_SCHEMA_ID}#/$defs/Error` });

function describeCase(op: ContractOperation, c: FuzzCase): string {
  const body =
    c.body.kind === "json"
      ? JSON.stringify(c.body.value)
      : c.body.kind === "raw"
        ? `${JSON.stringify(c.body.text)} as ${String(c.body.contentType)}`
        : "none";
  const shown = body.length > 400 ? `${body.slice(0, 400)}… (${body.length} characters)` : body;
  return `${op.method.toUpperCase()} ${op.path} [${c.broken}] params=${JSON.stringify(c.params)} query=${JSON.stringify(c.query)} body=${shown} csrf=${c.csrf}`;
}

/** Throws, naming the request, unless the answer is what the contract promises. */
function checkAnswer(op: ContractOperation, request: string, response: TestResponse): void {
  const head = `${request}\n→ ${response.status} ${response.text.slice(0, 500)}`;
  if (response.status >= 500) throw new Error(`5xx: ${head}`);
  const contentType = String(response.headers["content-type"] ?? "");
  if (response.status >= 400) {
    if (!contentType.startsWith("application/json")) throw new Error(`error answered as ${contentType}: ${head}`);
    if (!isErrorShape(response.json)) {
      throw new Error(`error not in the contract's shape (${ajv.errorsText(isErrorShape.errors)}): ${head}`);
    }
    // The error handler's safety net answered: the contract lacks a bound the database has.
    if (response.json.message === DATABASE_REFUSED_VALUE) throw new Error(`the database, not the contract, refused: ${head}`);
  }
  const declared = declaredResponse(op, response.status);
  const content = declared && isObject(declared.content) ? declared.content : null;
  if (content && !("application/json" in content)) {
    if (!Object.keys(content).some((type) => contentType.startsWith(type))) {
      throw new Error(`answered ${contentType}, the contract says ${Object.keys(content).join(", ")}: ${head}`);
    }
    return;
  }
  try {
    assertMatchesContract(op, response.status, contentType, response.text);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${head}`, { cause: error });
  }
}

/** A stable seed per operation and caller: adding an operation does not change the others' cases. */
function seedOf(operationId: string, caller: string): number {
  let hash = SEED | 0;
  for (const ch of `${operationId}/${caller}`) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

// ---- the server --------------------------------------------------------------------------------

let server: TestServer;
let admin: TestClient;
let anonymous: TestClient;

let adminEmail = "";

/** Signs the Admin in again, or a new Admin when the last one was blocked or deleted. */
async function newAdmin(): Promise<TestClient> {
  if (adminEmail) {
    const again = server.client();
    const login = await again.call("login", { body: { email: adminEmail, password: TEST_PASSWORD } });
    if (login.status === 200) {
      await again.csrfToken();
      return again;
    }
  }
  const fresh = await server.signIn("Admin");
  adminEmail = fresh.email;
  await fresh.csrfToken();
  return fresh;
}

/** The last case may have ended the Admin's session (logout, blocking themselves): sign in anew. */
async function ensureAdmin(): Promise<TestClient> {
  const me = await admin.request({ method: "GET", url: "/api/auth/me/" });
  if (me.status === 401) admin = await newAdmin();
  return admin;
}

beforeAll(async () => {
  server = await startServer({ now: () => FIXTURE_NOW });
  // Real rows behind small ids, so valid cases reach the handlers' deeper paths.
  await loadTurnoverFixture(server.handle.db);
  admin = await newAdmin();
  anonymous = server.client();
  await anonymous.csrfToken();
});
afterAll(async () => {
  if (STATS) {
    for (const [name, counts] of STATS) {
      console.log(`${name}: ${[...counts].sort().map(([key, n]) => `${key}×${n}`).join(", ")}`);
    }
  }
  await server?.close();
});

async function fuzz(op: ContractOperation, caller: "Admin" | "anonymous", numRuns: number): Promise<void> {
  const seed = seedOf(op.operationId, caller);
  if (caller === "Admin") await ensureAdmin();
  const property = fc.asyncProperty(casesOf(op), async (c) => {
    const client = caller === "Admin" ? admin : anonymous;
    const response = await send(client, op, c);
    checkAnswer(op, describeCase(op, c), response);
    if (STATS) {
      const counts = STATS.get(`${op.operationId} as ${caller}`) ?? new Map<string, number>();
      const key = `${c.broken === "valid" ? "valid" : "broken"} ${response.status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      STATS.set(`${op.operationId} as ${caller}`, counts);
    }
    // A case may end the Admin's session (logout, blocking or deleting themselves): sign in anew.
    if (caller === "Admin" && response.status === 401 && !op.isPublic) admin = await newAdmin();
  });
  try {
    await fc.assert(property, { numRuns, seed });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Fuzzing ${op.operationId} as ${caller} failed (FUZZ_SEED=${SEED}, run seed ${seed}):\n${message}`,
      { cause: error },
    );
  }
}

async function expectHealthy(): Promise<void> {
  const response = await anonymous.request({ method: "GET", url: "/api/health/" });
  expect(response.status, response.text).toBe(200);
}

// ---- the tests --------------------------------------------------------------------------------

describe("the two 500s of issue 10 and their kin", () => {
  const post = async (url: string, payload: string, contentType = "application/json") =>
    admin.request({
      method: "POST",
      url,
      headers: { "content-type": contentType, "x-csrftoken": await admin.csrfToken() },
      payload,
    });

  it("POST /api/turnover/ with an id beyond a PostgreSQL integer is a 400 naming the field", async () => {
    const response = await post("/api/turnover/", '{"id": 100000000000000000000}');
    expect(response.status).toBe(400);
    expect(isErrorShape(response.json)).toBe(true);
    expect(response.text).toContain("id");
  });

  it.each(["abc", "99999999999", "0", "1.5", "%00", "Infinity", "-Infinity", "1e400"])("GET /api/turnover/%s/ is a 400 naming the id", async (id) => {
    const response = await admin.request({ method: "GET", url: `/api/turnover/${id}/` });
    expect(response.status).toBe(400);
    expect(isErrorShape(response.json)).toBe(true);
    expect(response.json).toMatchObject({ errors: [{ field: "id" }] });
  });

  it("a NUL byte in a text field is a 400 naming the field, and nothing is stored", async () => {
    const response = await post("/api/contacts/create", JSON.stringify({ name: "Coordinación\u0000", email: "nul@prueba.example" }));
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      message: "El campo «name» contiene el carácter nulo (U+0000), que no se admite.",
      errors: [{ field: "name", message: "El campo «name» contiene el carácter nulo (U+0000), que no se admite." }],
    });
    const contacts = await admin.ok("listContacts");
    expect(contacts.some((c) => c.email === "nul@prueba.example")).toBe(false);
  });

  it("a NUL byte in a free-form object's key or a query parameter is a 400 too", async () => {
    const key = await post(
      "/api/turnover/drafts/",
      JSON.stringify({ new_slot_data: { season: null, list: [], form: { "a\u0000": 1 } } }),
    );
    expect(key.status).toBe(400);
    expect(key.json).toMatchObject({ errors: [{ field: "new_slot_data.form.a\\u0000" }] });
    const query = await admin.request({ method: "GET", url: "/api/audit-log/?q=a%00b" });
    expect(query.status).toBe(400);
    expect(query.json).toMatchObject({ errors: [{ field: "q" }] });
  });

  it.each(["2026-12-31T23:59:60Z", "2026-11-20T10:00:00-06", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z"])(
    "an instant the date-time format allows but no calendar of ours reads (%s) is a 400",
    async (instant) => {
      const response = await admin.request({
        method: "PUT",
        url: "/api/turnover/1/real_dates/",
        headers: { "content-type": "application/json", "x-csrftoken": await admin.csrfToken() },
        payload: JSON.stringify({ actual_dep: instant, actual_arr: "2026-11-20T10:00:00Z" }),
      });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ errors: [{ field: "actual_dep" }] });
    },
  );

  it.each(["0000-01-01", "9999-12-31", "1899-12-31", "2200-01-01"])("a date outside 1900–2199 (%s) is a 400", async (date) => {
    const response = await admin.request({ method: "GET", url: `/api/seasons/?for_date=${date}` });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      errors: [{ field: "for_date", message: "El campo «for_date» debe ser una fecha con formato aaaa-mm-dd, de un año de 1900 a 2199." }],
    });
  });

  it("a draft alta on a day no calendar has (36-03-3182 fits dd-MM-yyyy's pattern) is a 400 naming it", async () => {
    const alta = {
      id: "a1",
      flight: "1234",
      flightType: "J",
      startDate: "36-03-3182",
      endDate: "31-02-2027",
      time: "10:00",
      airport: "MTY",
      frequency: 1,
      aircraftType: "320",
      psxCount: 180,
      isArrival: true,
    };
    const response = await post("/api/turnover/drafts/", JSON.stringify({ new_slot_data: { season: "W26", list: [alta] } }));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      errors: [
        { field: "new_slot_data.list[0].startDate", message: "La fecha 36-03-3182 no existe." },
        { field: "new_slot_data.list[0].endDate", message: "La fecha 31-02-2027 no existe." },
      ],
    });
  });

  it("a body over the limit is a 413 in the error shape", async () => {
    const response = await post("/api/contacts/create", JSON.stringify({ name: "x".repeat(1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ message: "El cuerpo de la solicitud es demasiado grande." });
  });
});

describe("the contract bounds what reaches the database", () => {
  const withSchema = (name: string, schema: Schema) => {
    const document = structuredClone(contract.document);
    const components = document.components;
    if (!isObject(components) || !isObject(components.schemas)) throw new Error("no components.schemas");
    components.schemas[name] = schema;
    return document;
  };

  it("refuses an integer without a minimum and a maximum, wherever it is", () => {
    expect(() => readContract(withSchema("Unbounded", { type: "object", properties: { n: { type: "integer", minimum: 1 } } }))).toThrow(
      "/components/schemas/Unbounded/properties/n",
    );
    expect(() => readContract(withSchema("Enumerated", { type: "integer", enum: [1, 2] }))).not.toThrow();
  });

  it("refuses a request string without a bound on its length", () => {
    const document = withSchema("ContactCreateRequest", {
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" } },
    });
    expect(() => readContract(document)).toThrow("#/components/schemas/ContactCreateRequest.name");
  });

  it("validates path parameters declared by reference (components.parameters)", () => {
    const getMatch = contract.operations.find((op) => op.operationId === "getMatch");
    expect(getMatch?.paramsSchema).toMatchObject({ properties: { id: { type: "integer", minimum: 1, maximum: 2147483647 } } });
  });

  it("draws valid values that the contract's own schemas accept", () => {
    for (const op of contract.operations) {
      for (const schema of [op.bodySchema, op.querySchema, op.paramsSchema]) {
        if (!schema) continue;
        const validate = ajv.compile(schema);
        const samples = fc.sample(arbitraries.valid(schema), { numRuns: 40, seed: SEED });
        const refused = samples.filter((value) => !validate(structuredClone(value)));
        // Cross-field rules (minProperties after optional keys…) may refuse a few; most must pass.
        expect(refused.length, `${op.operationId}: ${JSON.stringify(refused[0])?.slice(0, 300)}`).toBeLessThan(8);
      }
    }
  });
});

describe("every operation, every input: no 5xx, errors in the contract's shape", () => {
  for (const op of contract.operations) {
    it(`${op.operationId} (${op.method.toUpperCase()} ${op.path})`, async () => {
      await fuzz(op, "Admin", CASES);
      await fuzz(op, "anonymous", op.isPublic ? PUBLIC_CASES : GATED_CASES);

      if (op.method !== "get") {
        // One byte over the operation's body limit: refused before it is read, in the error shape.
        const limit = BODY_LIMITS[op.operationId as keyof typeof BODY_LIMITS] ?? server.app.initialConfig.bodyLimit ?? 1048576;
        const client = await ensureAdmin();
        const response = await client.request({
          method: op.method.toUpperCase() as "POST" | "PUT" | "PATCH" | "DELETE",
          url: op.path.replace(/\{[^}]+\}/g, "1"),
          headers: { "content-type": "application/json", "x-csrftoken": await client.csrfToken() },
          payload: `"${"x".repeat(limit - 1)}"`,
        });
        checkAnswer(op, `${op.operationId} with a body of ${limit + 1} bytes`, response);
        expect(response.status).toBe(413);
      }
      await expectHealthy();
    });
  }

  it("leaves the server healthy: it answers, and an Admin can still sign in and read", async () => {
    await expectHealthy();
    const fresh = await newAdmin();
    expect(await fresh.ok("listSeasons")).not.toHaveLength(0);
  });
});
