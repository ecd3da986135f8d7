/**
 * '¿Olvidó su contraseña?' is throttled like sign-in (issue 10): at most 3 requests per e-mail
 * address and 10 per client within 15 minutes, counted alike for known and unknown addresses,
 * kept in the database, and a refused request sends no e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientKey } from "../../src/server/auth/throttle";
import { resetRequests } from "../../src/server/db/schema";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let admin: TestClient;
let clock = new Date("2026-11-21T15:00:00Z");
const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  // Behind a trusted proxy, X-Forwarded-For names the client: each test plays its own clients.
  server = await startServer({ now: () => clock, config: { trustProxy: true } });
  admin = await server.signIn("Admin");
});
afterAll(() => server.close());

const NOTICE =
  "Si el correo pertenece a un usuario activo de Slotdesk, recibirá un enlace para restablecer su contraseña. El enlace vence en 60 minutos.";

const ask = (email: string, ip: string) =>
  server.client().call("requestPasswordReset", { body: { email }, headers: { "x-forwarded-for": ip } });

const messageOf = (response: { json: unknown }) => (response.json as { message: string }).message;

/** Reset e-mails in the outbox (no SMTP server here: every message is kept there). */
const resetMailsTo = async (email: string) =>
  (await admin.ok("listOutbox", { query: { limit: 200 } })).items.filter(
    (m) => m.purpose === "password_reset" && m.to.includes(email),
  ).length;

describe("per e-mail address", () => {
  it("accepts 3 requests within 15 minutes, then refuses in Spanish with Retry-After and sends no more e-mail", async () => {
    const person = await server.createUser("Slot");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const accepted = await ask(person.email, "198.51.100.1");
      statuses.push(accepted.status);
      expect(messageOf(accepted)).toBe(NOTICE);
      advance(1);
    }
    expect(statuses).toEqual([202, 202, 202]);
    expect(await resetMailsTo(person.email)).toBe(3);

    // Another client, and the address written otherwise: still the same address.
    const refused = await ask(person.email.toUpperCase(), "198.51.100.2");
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toBe(
      "Demasiadas solicitudes de restablecimiento de contraseña para este correo. Inténtelo de nuevo en 12 minutos.",
    );
    expect(refused.headers["retry-after"]).toBe("720");
    expect(await resetMailsTo(person.email)).toBe(3);

    advance(11);
    expect((await ask(person.email, "198.51.100.1")).status).toBe(429);
    advance(1);
    expect((await ask(person.email, "198.51.100.1")).status).toBe(202);
    expect(await resetMailsTo(person.email)).toBe(4);
  });

  it("treats an unknown address exactly like a known one", async () => {
    const known = await server.createUser("Reportes");
    const answers = async (email: string) => {
      const out: Array<[number, string]> = [];
      for (let i = 0; i < 4; i++) {
        const r = await ask(email, "198.51.100.3");
        out.push([r.status, messageOf(r)]);
      }
      return out;
    };
    const forKnown = await answers(known.email);
    const forUnknown = await answers("nadie-aqui@aerolinea.example");
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.map(([status]) => status)).toEqual([202, 202, 202, 429]);
  });

  it("does not hold back another address", async () => {
    const [first, second] = [await server.createUser("Slot"), await server.createUser("Slot")];
    for (let i = 0; i < 3; i++) await ask(first.email, "198.51.100.4");
    expect((await ask(first.email, "198.51.100.4")).status).toBe(429);
    const other = await ask(second.email, "198.51.100.4");
    expect(other.status).toBe(202);
    expect(await resetMailsTo(second.email)).toBe(1);
  });

  it("keeps the counts in the database, shared by every server instance", async () => {
    const person = await server.createUser("Seguimiento");
    await ask(person.email, "198.51.100.5");
    const rows = await server.services.db.select().from(resetRequests);
    expect(rows.find((row) => row.key === `email:${person.email}`)).toMatchObject({ requests: 1, windowStartedAt: clock });
    expect(rows.find((row) => row.key === "ip:198.51.100.5")).toMatchObject({ requests: 1 });
  });
});

describe("per client", () => {
  it("accepts 10 requests within 15 minutes from one client, whatever the addresses, then refuses; other clients go on", async () => {
    const person = await server.createUser("Slot");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await ask(`rociado-${i}@aerolinea.example`, "203.0.113.9")).status);
    expect(statuses).toEqual(Array<number>(10).fill(202));
    const refused = await ask(person.email, "203.0.113.9");
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toBe(
      "Demasiadas solicitudes de restablecimiento de contraseña desde este equipo. Inténtelo de nuevo en 15 minutos.",
    );
    expect(await resetMailsTo(person.email)).toBe(0);
    // The refusal did not count against the address: from another client it goes through.
    expect((await ask(person.email, "203.0.113.10")).status).toBe(202);
    expect(await resetMailsTo(person.email)).toBe(1);
  });

  it("counts an IPv6 client by its /64 network", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await ask(`red-${i}@aerolinea.example`, `2001:db8:aa:bb::${(i + 1).toString(16)}`)).status).toBe(202);
    }
    expect((await ask("red-x@aerolinea.example", "2001:db8:aa:bb:ffff::1")).status).toBe(429);
    expect((await ask("red-x@aerolinea.example", "2001:db8:aa:bc::1")).status).toBe(202);
  });

  it("names clients: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:DB8:00aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("sign-in", () => {
  it("is not affected by reset requests", async () => {
    const person = await server.createUser("Slot");
    for (let i = 0; i < 4; i++) await ask(person.email, "198.51.100.6");
    const login = await server.client().call("login", { body: { email: person.email, password: person.password } });
    expect(login.status).toBe(200);
  });
});
