/**
 * Sign-in throttling per client and account together, and per client across accounts (issue 34,
 * OWASP ASVS V2.2): an attacker's failures lock the attacker's client, not the owner; one client
 * spraying passwords across many accounts is slowed. Behind a trusted proxy, X-Forwarded-For
 * names the client, so each test plays its own clients.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLIENT_FAILURES } from "../../src/server/auth/handlers";
import { startServer, TEST_PASSWORD, type TestServer } from "./harness";

let server: TestServer;
let clock = new Date("2026-11-21T15:00:00Z");

beforeAll(async () => {
  server = await startServer({ now: () => clock, config: { trustProxy: true } });
});
afterAll(() => server.close());

const login = (email: string, password: string, ip: string) =>
  server.client().call("login", { body: { email, password }, headers: { "x-forwarded-for": ip } });

describe("sign-in throttling", () => {
  it("five anonymous failures from one client do not lock the owner out: they sign in from their own client at once, Admin too", async () => {
    const owner = await server.createUser("Admin");
    const attacker = "203.0.113.7";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(owner.email, "equivocada", attacker)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // The attacker's client stays locked out of this account, even with the right password…
    expect((await login(owner.email, TEST_PASSWORD, attacker)).status).toBe(429);
    // …and the owner, from their own client, signs in at once.
    const own = await login(owner.email, TEST_PASSWORD, "198.51.100.20");
    expect(own.status).toBe(200);
  });

  it("slows one client that fails across many accounts (password spraying) with 429 and Retry-After, and no one else", async () => {
    const sprayer = "192.0.2.44";
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof login>> | null = null;
    for (let i = 0; i < 30; i++) {
      const answer = await login(`persona${i}@aerolinea.example`, "Verano2026", sprayer);
      statuses.push(answer.status);
      if (answer.status === 429 && !refused) refused = answer;
    }
    // Bounded: from the MAX_CLIENT_FAILURES-th failure on, every attempt is refused.
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_CLIENT_FAILURES - 1);
    expect(statuses.slice(MAX_CLIENT_FAILURES - 1).every((status) => status === 429)).toBe(true);
    expect(refused?.headers["retry-after"]).toBe("900");
    expect((refused?.json as { message: string }).message).toBe(
      "Demasiados intentos fallidos de inicio de sesión desde este equipo. Inténtelo de nuevo en 15 minutos.",
    );
    // A real user from another client is not affected.
    const someone = await server.createUser("Slot");
    expect((await login(someone.email, TEST_PASSWORD, "198.51.100.21")).status).toBe(200);
    // The window passes: the client may try again.
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await login(someone.email, TEST_PASSWORD, sprayer)).status).toBe(200);
  });
});
