/** Signing in and out: cookies, wrong input, blocked and pending users, throttling, expiry. */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures, sessions, users } from "../../src/server/db/schema";
import { startServer, TEST_PASSWORD, type TestServer } from "./harness";

let server: TestServer;
let clock = new Date("2026-11-21T15:00:00Z");
const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  server = await startServer({ now: () => clock });
});
afterAll(() => server.close());

describe("signing in", () => {
  it("opens an HttpOnly, SameSite=Lax session and returns the session user", async () => {
    const user = await server.createUser("Slot");
    const client = server.client();
    const response = await client.call("login", { body: { email: user.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: user.id,
      name: expect.any(String),
      last_name: "Apellido Slot",
      email: user.email,
      role: "Slot",
      // Issue 37: not restricted to any airport, no default of their own.
      airports: null,
      default_airport: null,
    });
    const cookie = response.cookies.find((c) => c.name === "slotdesk_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.secure).toBeFalsy();
    expect(await client.ok("getSessionUser")).toMatchObject({ id: user.id, role: "Slot" });
    const [row] = await server.services.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLogin?.toISOString()).toBe(clock.toISOString());
  });

  it("marks the cookie Secure behind an HTTPS proxy it trusts", async () => {
    const proxied = await startServer({ now: () => clock, config: { trustProxy: true } });
    try {
      const user = await proxied.createUser("Admin");
      const client = proxied.client();
      const response = await client.call("login", {
        body: { email: user.email, password: TEST_PASSWORD },
        headers: { "x-forwarded-proto": "https" },
      });
      expect(response.cookies.find((c) => c.name === "slotdesk_session")?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it("stores only a hash of the session token", async () => {
    const client = await server.signIn("Reportes");
    const token = client.cookies.get("slotdesk_session");
    const rows = await server.services.db.select().from(sessions);
    expect(token).toBeTruthy();
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it("answers a wrong password and an unknown e-mail with the same Spanish message", async () => {
    const user = await server.createUser("Slot");
    const wrong = await server.client().fail("login", { body: { email: user.email, password: "otra contraseña" } });
    const unknown = await server.client().fail("login", {
      body: { email: "nadie@prueba.example", password: "otra contraseña" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe("Correo o contraseña incorrectos.");
    expect(unknown.body.message).toBe(wrong.body.message);
    expect(wrong.response.cookies.find((c) => c.name === "slotdesk_session")).toBeUndefined();
  });

  it("refuses a blocked user with a Spanish message, and ends their open sessions at once", async () => {
    const client = await server.signIn("Seguimiento");
    await server.services.db.update(users).set({ isBlocked: true }).where(eq(users.id, client.userId));
    const next = await client.fail("getSessionUser");
    expect(next.status).toBe(401);
    const again = await server.client().fail("login", { body: { email: client.email, password: TEST_PASSWORD } });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe("Su cuenta está bloqueada. Contacte a un administrador de Slotdesk.");
  });

  it("refuses a pending user who has not set a password yet", async () => {
    const user = await server.createUser("Slot");
    await server.services.db.update(users).set({ isPending: true, passwordHash: null }).where(eq(users.id, user.id));
    const { status, body } = await server
      .client()
      .fail("login", { body: { email: user.email, password: "cualquiera" } });
    expect(status).toBe(403);
    expect(body.message).toMatch(/no ha concluido su registro/);
  });

  it.each([
    [
      "an invalid e-mail",
      { email: "no-es-correo", password: "x" },
      "El campo «email» debe ser un correo electrónico válido.",
    ],
    ["a missing password", { email: "a@b.example" }, "El campo «password» es obligatorio."],
    ["an empty password", { email: "a@b.example", password: "" }, "El campo «password» no puede estar vacío."],
    [
      "an unknown field",
      { email: "a@b.example", password: "x", remember: true },
      "El campo «remember» no está permitido.",
    ],
    ["a number for the e-mail", { email: 5, password: "x" }, "El campo «email» debe ser un texto."],
  ])("rejects %s with 400 and names the field", async (_name, body, message) => {
    const result = await server.client().fail("login", { body });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect(result.body.errors?.[0]?.message).toBe(message);
  });

  it("rejects malformed JSON and a missing body in Spanish, without a stack trace", async () => {
    const malformed = await server.client().fail("login", { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: "El cuerpo de la solicitud no es JSON válido." });
    const missing = await server.client().fail("login", {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Falta el cuerpo de la solicitud (JSON).");
    expect(malformed.response.text).not.toMatch(/at .*\.ts|stack/i);
  });
});

describe("throttling", () => {
  it("locks a client out of an account for 15 minutes after 5 failures, even for the right password, then lets it in", async () => {
    const user = await server.createUser("Admin");
    const attempt = (password: string) => server.client().call("login", { body: { email: user.email, password } });
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await attempt("equivocada");
      expect(r.status).toBe(401);
      messages.push((r.json as { message: string }).message);
    }
    expect(messages[2]).toMatch(/Después de 2 intentos fallidos más, la cuenta se bloqueará 15 minutos en este equipo/);
    expect(messages[3]).toMatch(/Después de 1 intento fallido más/);
    const locking = await attempt("equivocada");
    expect(locking.status).toBe(429);
    expect((locking.json as { message: string }).message).toBe(
      "Demasiados intentos fallidos para esta cuenta desde este equipo. Inténtelo de nuevo en 15 minutos.",
    );
    expect(locking.headers["retry-after"]).toBe("900");

    advance(5);
    const stillLocked = await attempt(TEST_PASSWORD);
    expect(stillLocked.status).toBe(429);
    expect((stillLocked.json as { message: string }).message).toMatch(/en 10 minutos/);

    advance(11);
    const afterLock = await attempt(TEST_PASSWORD);
    expect(afterLock.status).toBe(200);
    // Signing in clears this client's failures for the account.
    const rows = await server.services.db.select().from(loginFailures).where(like(loginFailures.key, `pair:% ${user.email}`));
    expect(rows).toHaveLength(0);
  });

  it("treats an unknown e-mail exactly like a known one", async () => {
    const attempt = () =>
      server.client().call("login", { body: { email: "fantasma@prueba.example", password: "equivocada" } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it("forgets old failures once the 15-minute window has passed", async () => {
    const user = await server.createUser("Slot");
    const attempt = (password: string) => server.client().call("login", { body: { email: user.email, password } });
    for (let i = 0; i < 4; i++) expect((await attempt("equivocada")).status).toBe(401);
    advance(16);
    const fresh = await attempt("equivocada");
    expect(fresh.status).toBe(401);
    expect((fresh.json as { message: string }).message).toBe("Correo o contraseña incorrectos.");
  });
});

describe("the session afterwards", () => {
  it("ends on sign-out: the same cookie is refused on the next call", async () => {
    const client = await server.signIn("Slot");
    const token = client.cookies.get("slotdesk_session");
    const out = await client.call("logout");
    expect(out.status).toBe(204);
    expect(client.cookies.has("slotdesk_session")).toBe(false);
    const replay = server.client();
    replay.cookies.set("slotdesk_session", String(token));
    expect((await replay.fail("getSessionUser")).status).toBe(401);
  });

  it("expires after 12 hours without activity, and slides while in use", async () => {
    const client = await server.signIn("Reportes");
    advance(11 * 60);
    expect((await client.call("getSessionUser")).status).toBe(200);
    advance(11 * 60);
    expect((await client.call("getSessionUser")).status).toBe(200);
    advance(12 * 60 + 1);
    const expired = await client.fail("getSessionUser");
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO");
  });

  it("ends when the user is deleted", async () => {
    const client = await server.signIn("Admin");
    await server.services.db.delete(users).where(eq(users.id, client.userId));
    expect((await client.fail("getSessionUser")).status).toBe(401);
  });

  it("replaces the session a browser already had when someone signs in on it", async () => {
    const client = await server.signIn("Slot");
    const first = client.cookies.get("slotdesk_session");
    const other = await server.createUser("Admin");
    await client.ok("login", { body: { email: other.email, password: TEST_PASSWORD } });
    const replay = server.client();
    replay.cookies.set("slotdesk_session", String(first));
    expect((await replay.fail("getSessionUser")).status).toBe(401);
    expect(await client.ok("getSessionUser")).toMatchObject({ id: other.id, role: "Admin" });
  });
});
