/**
 * The role gate, for every operation the contract declares: anonymous callers get 401 unless
 * the operation is public, every role outside x-roles gets 403, and the gate answers before the
 * body is read (a refused caller sending garbage still gets 401/403, not 400).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPABILITIES, OPERATIONS, type OperationId } from "../../src/generated/access";
import { contract } from "./contract";
import { type CallInput, type ErrorBody, ROLES, startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
const signedIn = new Map<string, TestClient>();

beforeAll(async () => {
  server = await startServer();
  for (const role of ROLES) signedIn.set(role, await server.signIn(role));
});
afterAll(() => server.close());

const operations = contract.operations;
const PUBLIC = new Set<OperationId>([
  "login",
  "getHealth",
  "getCsrfToken",
  // The e-mailed links work without a session, by design.
  "requestPasswordReset",
  "getAccountToken",
  "setPasswordWithToken",
]);
const samplePath = { id: 1 };

describe("the contract's role table", () => {
  it("has exactly login, health, the CSRF token and the e-mailed-link operations as public operations", () => {
    expect(new Set(operations.filter((o) => o.isPublic).map((o) => o.operationId))).toEqual(PUBLIC);
  });

  it("gives every operation an x-roles list that is one of the capabilities", () => {
    const lists = Object.values(CAPABILITIES).map((roles) => [...roles].sort().join(","));
    for (const op of operations) expect(lists, op.operationId).toContain([...op.roles].sort().join(","));
  });
});

describe.each(operations.filter((o) => !o.isPublic))("$method $path ($operationId)", (op) => {
  const id = op.operationId as OperationId;

  it("answers 401 with the expired-session message to an anonymous caller, even with a malformed body", async () => {
    const anonymous = server.client();
    const { status, body } = await anonymous.fail(id, {
      params: samplePath,
      rawBody: op.isMutating ? "{not json" : undefined,
      headers: { "x-csrftoken": "x" },
    });
    expect(status).toBe(401);
    expect(body.message).toBe("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO");
  });

  it(`lets ${OPERATIONS[id].roles.join(", ")} through the gate`, async () => {
    for (const role of ROLES.filter((r) => OPERATIONS[id].roles.some((allowed) => allowed === r))) {
      // A fresh session each time: some operations (logout) end the session they run in.
      const client = await server.signIn(role);
      // Whatever the handler says of this sample input, it is not the gate refusing.
      const response = await client.call(id, { params: samplePath, body: op.isMutating ? {} : undefined });
      expect([401, 403], `${role}: ${response.text}`).not.toContain(response.status);
    }
  });
});

const refusedRoles = (id: OperationId) => ROLES.filter((role) => !OPERATIONS[id].roles.some((r) => r === role));

describe.each(operations.filter((o) => !o.isPublic && refusedRoles(o.operationId as OperationId).length > 0))(
  "$method $path ($operationId) for roles outside x-roles",
  (op) => {
    const id = op.operationId as OperationId;
    it(`answers 403 to ${refusedRoles(id).join(", ")}, before validating input`, async () => {
      for (const role of refusedRoles(id)) {
        const client = signedIn.get(role);
        if (!client) throw new Error(role);
        const { status, body } = await client.fail(id, {
          params: samplePath,
          rawBody: op.isMutating ? "{not json" : undefined,
        });
        expect(status, role).toBe(403);
        expect((body as ErrorBody).message).toBe("Su rol no tiene permiso para realizar esta operación.");
      }
    });
  },
);

describe("requests per draft type (the handler's capability check, seed 000 §6)", () => {
  /** Valid bodies, so that only the role can be what refuses them. */
  const ALTA = "NVB1234 05DEC05DEC 0000060 180320 MTY0700 J";
  const encodeBody = (seasonId: number, code: 2 | 3 | 4) => ({
    draft_type: ({ 2: "new", 3: "cancel", 4: "modify" } as const)[code],
    modification_action_code: code,
    season_id: seasonId,
    items: [],
    new_slots: [],
  });
  const sendBody = (seasonId: number, code: 2 | 3 | 4) => ({
    airport: "MEX",
    season: seasonId,
    reference: 1,
    special_information: "PRUEBA",
    general_information: "",
    action_code: code,
    cc: [],
    slots: [{ id: "1", change: null, request: ALTA }],
    send_request: false,
  });
  let seasonId = 0;
  beforeAll(async () => {
    const seasons = await (signedIn.get("Admin") as TestClient).ok("listSeasons");
    seasonId = seasons[0]?.id ?? 0;
  });

  it.each([
    [3, "cancelaciones"],
    [4, "modificaciones"],
  ] as const)("refuses Seguimiento action code %s (%s) on encode and send", async (code, label) => {
    const seguimiento = signedIn.get("Seguimiento") as TestClient;
    for (const [id, body] of [
      ["encodeDraft", encodeBody(seasonId, code)],
      ["generateRequest", sendBody(seasonId, code)],
    ] as const) {
      const { status, body: error } = await seguimiento.fail(id, { body });
      expect(status, id).toBe(403);
      expect(error.message).toBe(`Su rol no puede solicitar ${label}.`);
    }
  });

  it("lets Seguimiento encode and preview altas", async () => {
    const seguimiento = signedIn.get("Seguimiento") as TestClient;
    expect((await seguimiento.ok("encodeDraft", { body: encodeBody(seasonId, 2) })).encoded_slots).toEqual([]);
    const preview = await seguimiento.call("generateRequest", { body: sendBody(seasonId, 2) });
    expect(preview.status).not.toBe(403);
  });

  it("refuses Reportes every request and logbook operation, whatever the action code", async () => {
    const reportes = signedIn.get("Reportes") as TestClient;
    const calls: [OperationId, CallInput][] = [
      ...([2, 3, 4] as const).flatMap((code): [OperationId, CallInput][] => [
        ["encodeDraft", { body: encodeBody(seasonId, code) }],
        ["generateRequest", { body: sendBody(seasonId, code) }],
      ]),
      ["listLogbook", { query: { season_id: seasonId } }],
      ["getLogbookPart", { params: { id: 1 } }],
      ["nextAvailableReference", { query: { season: seasonId } }],
      ["checkReferenceAvailability", { query: { season: seasonId, reference: 1 } }],
    ];
    for (const [id, input] of calls) {
      const { status, body } = await reportes.fail(id, input);
      expect(status, id).toBe(403);
      expect(body.message).toBe("Su rol no tiene permiso para realizar esta operación.");
    }
  });
});

describe("CSRF on mutating calls", () => {
  it("refuses a signed-in caller's mutating call without the X-CSRFToken header", async () => {
    const admin = signedIn.get("Admin") as TestClient;
    const { status, body } = await admin.fail("modifySetting", {
      body: { id: 1, value: { accomplishment: 80 } },
      csrf: false,
    });
    expect(status).toBe(403);
    expect(body.message).toMatch(/X-CSRFToken/);
  });

  it("refuses a header that does not match the cookie", async () => {
    const admin = signedIn.get("Admin") as TestClient;
    const { status, body } = await admin.fail("modifySetting", {
      body: { id: 1, value: { accomplishment: 80 } },
      headers: { "x-csrftoken": "a".repeat(43) },
    });
    expect(status).toBe(403);
    expect(body.message).toMatch(/token CSRF no es válido/);
  });

  it("refuses a planted cookie with a matching header on every write: the token is bound to the session", async () => {
    const admin = signedIn.get("Admin") as TestClient;
    const slot = signedIn.get("Slot") as TestClient;
    await admin.csrfToken();
    // Someone who can plant a cookie (a sibling subdomain, a proxy) but never sees the HttpOnly
    // session token: an unsigned value, a made-up signature, and another session's real token.
    const otherSessions = await slot.csrfToken();
    const forgeries = ["f".repeat(43), `${"f".repeat(43)}.${"g".repeat(43)}`, otherSessions];
    const writes = operations.filter((op) => op.isMutating && !PUBLIC.has(op.operationId as OperationId) && op.roles.includes("Admin"));
    expect(writes.length).toBeGreaterThan(40);
    for (const forged of forgeries) {
      for (const op of writes) {
        const url = op.path.replace(/\{[^}]+\}/g, "1");
        const session = admin.cookies.get("slotdesk_session") ?? "";
        const answer = await admin.request({
          method: op.method.toUpperCase() as "POST",
          url,
          headers: { cookie: `slotdesk_session=${session}; csrftoken=${forged}`, "x-csrftoken": forged, "content-type": "application/json" },
          payload: "{}",
        });
        expect(answer.status, `${op.operationId} with ${forged.slice(0, 8)}…`).toBe(403);
        expect((answer.json as ErrorBody).message, op.operationId).toMatch(/token CSRF no es válido/);
      }
    }
    // The real token of the session still works.
    await admin.ok("modifySetting", { body: { id: 1, value: { accomplishment: 80 } } });
  });

  it("hands a page whose token is not bound to its session a good one when it loads (the session check)", async () => {
    const admin = signedIn.get("Admin") as TestClient;
    admin.cookies.set("csrftoken", "v".repeat(43));
    expect((await admin.fail("modifySetting", { body: { id: 1, value: { accomplishment: 80 } } })).status).toBe(403);
    await admin.ok("getSessionUser");
    expect(admin.cookies.get("csrftoken")).not.toBe("v".repeat(43));
    await admin.ok("modifySetting", { body: { id: 1, value: { accomplishment: 80 } } });
  });

  it("protects sign-in too, so another site cannot sign a victim into its account", async () => {
    const anonymous = server.client();
    const { status } = await anonymous.fail("login", {
      body: { email: "a@b.example", password: "x" },
      csrf: false,
    });
    expect(status).toBe(403);
  });

  it("does not ask for the header on reads", async () => {
    const slot = signedIn.get("Slot") as TestClient;
    const seasons = await slot.ok("listSeasons");
    expect(seasons.length).toBeGreaterThanOrEqual(3);
  });
});
