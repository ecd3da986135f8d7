/**
 * A season's rule and calendar through the HTTP interface (issue 27 item 1): every season answers
 * them (AICM's rule and the guidelines' dates by default), Admin changes them from the version it
 * read (audited; a stale version is refused), other roles may not, and bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seasonBounds } from "../../src/domain/seasons";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let admin: TestClient;
let other: TestClient;
let slot: TestClient;
let seguimiento: TestClient;
let reportes: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => new Date("2026-11-22T12:00:00Z") });
  [admin, other, slot, seguimiento, reportes] = await Promise.all([
    server.signIn("Admin"),
    server.signIn("Admin"),
    server.signIn("Slot"),
    server.signIn("Seguimiento"),
    server.signIn("Reportes"),
  ]);
});
afterAll(() => server.close());

const seasonBody = (name: string) => {
  const bounds = seasonBounds(name);
  return { name, start_date: bounds.start_date, end_date: bounds.end_date };
};

async function season(client: TestClient, name: string) {
  const [found] = await client.ok("listSeasons", { query: { name } });
  if (!found) throw new Error(`no season ${name}`);
  return found;
}

describe("a season's rule and calendar", () => {
  it("answers AICM's rule and the guidelines' dates for the seeded seasons, to every role", async () => {
    expect(await season(reportes, "W26")).toMatchObject({
      usage_threshold: 80,
      tolerance_minutes: 15,
      outside_counts_as_used: false,
      historics_baseline_date: "2026-08-31",
      series_return_deadline: "2026-08-15",
      initial_submission_deadline: "2026-05-21",
      shl_deadline: "2026-04-27",
    });
    expect(await season(seguimiento, "S27")).toMatchObject({ historics_baseline_date: "2027-01-31", series_return_deadline: "2027-01-15" });
  });

  it("gives a new season the defaults, or the rule and dates it is created with, and audits them", async () => {
    const plain = await admin.ok("createSeason", { body: seasonBody("S40") });
    expect(plain).toMatchObject({ usage_threshold: 80, tolerance_minutes: 15, outside_counts_as_used: false, historics_baseline_date: "2040-01-31" });
    const w21 = await admin.ok("createSeason", {
      body: { ...seasonBody("W41"), usage_threshold: 50, tolerance_minutes: 20, outside_counts_as_used: true, series_return_deadline: "2041-08-20" },
    });
    expect(w21).toMatchObject({ usage_threshold: 50, tolerance_minutes: 20, outside_counts_as_used: true, series_return_deadline: "2041-08-20" });
    const [entry] = (await admin.ok("listAuditLog", { query: { q: "W41" } })).items;
    expect(entry).toMatchObject({ action: "season.create", target_label: "W41" });
    expect(entry?.details).toMatchObject({ usage_threshold: 50, tolerance_minutes: 20, series_return_deadline: "2041-08-20" });
  });

  it("lets Admin change the rule and a date from the version read; the change is audited and bumps the version", async () => {
    const before = await season(admin, "S26");
    const updated = await admin.ok("updateSeason", {
      params: { id: before.id },
      body: { ...seasonBody("S26"), usage_threshold: 75, tolerance_minutes: 10, series_return_deadline: "2026-01-20", version: before.version },
    });
    // What the write left out (the other dates, whether outside counts) keeps its stored value.
    expect(updated).toMatchObject({
      usage_threshold: 75,
      tolerance_minutes: 10,
      outside_counts_as_used: false,
      series_return_deadline: "2026-01-20",
      historics_baseline_date: "2026-01-31",
      version: before.version + 1,
    });
    expect(await season(slot, "S26")).toEqual(updated);
    const [entry] = (await admin.ok("listAuditLog", { query: { q: "S26" } })).items;
    expect(entry).toMatchObject({ action: "season.update", target_label: "S26" });
    expect(entry?.details).toEqual({
      usage_threshold: { from: 80, to: 75 },
      tolerance_minutes: { from: 15, to: 10 },
      series_return_deadline: { from: "2026-01-15", to: "2026-01-20" },
    });

    // Another Admin saving from the version both read is refused, naming who changed it; nothing of it is written.
    const stale = await other.fail("updateSeason", {
      params: { id: before.id },
      body: { ...seasonBody("S26"), usage_threshold: 90, version: before.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("STALE VERSION");
    expect(await season(other, "S26")).toEqual(updated);
  });

  it("is Admin's to change: Slot, Seguimiento and Reportes are refused (403) and nothing changes", async () => {
    const before = await season(admin, "W26");
    for (const client of [slot, seguimiento, reportes]) {
      const refused = await client.fail("updateSeason", { params: { id: before.id }, body: { ...seasonBody("W26"), usage_threshold: 50 } });
      expect(refused.status).toBe(403);
      expect((await client.fail("createSeason", { body: seasonBody("S42") })).status).toBe(403);
    }
    expect(await season(admin, "W26")).toEqual(before);
  });

  it.each([
    [{ usage_threshold: 101 }, /«usage_threshold» debe ser menor o igual a 100/],
    [{ usage_threshold: -1 }, /«usage_threshold» debe ser mayor o igual a 0/],
    [{ tolerance_minutes: -5 }, /«tolerance_minutes» debe ser mayor o igual a 0/],
    [{ outside_counts_as_used: "sí" }, /«outside_counts_as_used» debe ser verdadero o falso/],
    [{ series_return_deadline: "15/08/2026" }, /«series_return_deadline» debe ser una fecha con formato aaaa-mm-dd/],
    [{ historics_baseline_date: "2026-02-31" }, /«historics_baseline_date» debe ser una fecha con formato aaaa-mm-dd/],
    [{ shl_deadline: "2027-04-01" }, /^La fecha límite de la lista de históricos \(SHL\) \(01\/04\/2027\) es posterior al fin de la temporada W26 \(27\/03\/2027\)\.$/],
  ])("refuses %o with a Spanish message and writes nothing", async (change, message) => {
    const before = await season(admin, "W26");
    const refused = await admin.fail("updateSeason", { params: { id: before.id }, body: { ...seasonBody("W26"), ...change, version: before.version } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await season(admin, "W26")).toEqual(before);
  });
});
