/**
 * The demo season in a real server: what `npm start` loads into an empty database. The only API
 * test file that loads it (it takes a few seconds on PGlite).
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoMatchInputs, generateDemoSeason } from "../../src/server/demo/generator";
import { matchAll, summarizeMatches } from "../../src/domain/matching";
import { type DemoLoadResult, DEMO_SEED, loadDemoSeason } from "../../src/server/demo/season";
import { rematchAll } from "../../src/server/matching/rematch";
import { queryRows } from "../../src/server/db/sql";
import { startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-11-21T15:00:00Z");

let server: TestServer;
let loaded: DemoLoadResult;
let reportes: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  loaded = await loadDemoSeason(server.handle.db, { now: NOW });
  reportes = await server.signIn("Reportes");
}, 120_000);
afterAll(() => server.close());

const count = async (query: SQL) => (await queryRows<{ n: number }>(server.handle.db, query))[0]?.n;

describe("the demo season", () => {
  it("loads the generator's season of today (W26 on 21 Nov 2026) with the same counts the generator makes", async () => {
    const demo = generateDemoSeason({ season: "W26", seed: DEMO_SEED, now: NOW });
    expect(loaded).toMatchObject({
      season: "W26",
      slots: demo.slots.length,
      flights: demo.flights.length,
      delays: demo.delays.length,
    });
    expect(await count(sql`select count(*)::int as n from slots`)).toBe(demo.slots.length);
    expect(await count(sql`select count(*)::int as n from flights`)).toBe(demo.flights.length);
    expect(await count(sql`select count(*)::int as n from flight_delays`)).toBe(demo.delays.length);
    expect(await count(sql`select count(*)::int as n from slot_history`)).toBe(loaded.history);
    expect(loaded.history).toBeGreaterThan(500);
    // Every flight and every slot is in exactly one match, and the stored matches agree with the
    // engine run on the generator's data.
    expect(await count(sql`select count(*)::int as n from matches where flight_id is not null`)).toBe(demo.flights.length);
    expect(await count(sql`select count(*)::int as n from matches where slot_id is not null`)).toBe(demo.slots.length);
    const inputs = demoMatchInputs(demo);
    const expected = summarizeMatches(matchAll(inputs.slots, inputs.flights));
    const byStatus = await queryRows<{ general_status: string; n: number }>(
      server.handle.db,
      sql`select general_status, count(*)::int as n from matches group by general_status`,
    );
    expect(Object.fromEntries(byStatus.map((r) => [r.general_status, r.n]))).toEqual(
      Object.fromEntries(Object.entries(expected.byStatus).filter(([, n]) => n > 0)),
    );
    expect(loaded.matches).toBe(expected.rows);
  });

  it("does not load twice, and a full re-run changes nothing", async () => {
    expect(await loadDemoSeason(server.handle.db, { now: NOW, onlyIfEmpty: true })).toBeNull();
    const again = await rematchAll(server.handle.db);
    expect(again).toMatchObject({ inserted: 0, updated: 0, deleted: 0, unchanged: loaded.matches });
  });

  it("answers the 28-day turnover window, ~200 movements a day, with the codes AIMS reported", async () => {
    const rows = await reportes.ok("getTurnover", { body: { start: "2026-11-08", end: "2026-12-05", time_zone: "UTC", airport: "MEX" } });
    expect(rows.length).toBe(await count(sql`select count(*)::int as n from matches where date between '2026-11-08' and '2026-12-05'`));
    expect(rows.length / 28).toBeGreaterThan(180);
    expect(rows.length / 28).toBeLessThan(230);
    expect(rows.some((r) => r.has_codes && r.codes.first_code !== null)).toBe(true);
    const statuses = new Set(rows.map((r) => r.general_status));
    for (const status of ["OK", "D", "A", "X"] as const) expect(statuses.has(status), status).toBe(true);
    // Movements after "now" have no actual time yet.
    const future = rows.filter((r) => r.flight_scheduled !== null && r.flight_scheduled > "2026-11-22T00:00:00Z");
    expect(future.length).toBeGreaterThan(0);
    expect(future.every((r) => r.flight_real === null)).toBe(true);
    // A second read comes from the row cache and is identical.
    expect(await reportes.ok("getTurnover", { body: { start: "2026-11-08", end: "2026-12-05", time_zone: "UTC" } })).toEqual(rows);
  });

  it("answers ten people who open the same 28 days at once on a cold row cache, each with every row, and sees a change made between two reads", async () => {
    const body = { start: "2026-11-08", end: "2026-12-05", time_zone: "America/Mexico_City", airport: "MEX" } as const;
    // Cold, as after an import or a rematch: the fills of ten requests used to queue on each
    // other's row locks on PostgreSQL until some failed.
    await server.handle.db.execute(sql`delete from turnover_row_cache`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => reportes.call("getTurnover", { body })));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const first = await reportes.ok("getTurnover", { body });
    expect(first.length).toBeGreaterThan(5000);
    for (const answer of answers) expect(answer.text).toBe(answers[0]!.text);
    expect(
      await count(sql`select count(*)::int as n from matches m
        left join turnover_row_cache c on c.match_id = m.id and c.row_version = m.row_version
        where c.match_id is null and m.sort_at >= '2026-11-08T06:00:00Z' and m.sort_at < '2026-12-06T06:00:00Z'`),
    ).toBe(0);
    // A read that arrives after a change sees it, even while identical reads are running.
    const id = first[0]!.id;
    const running = reportes.call("getTurnover", { body });
    await server.handle.db.execute(sql`update flights set delay_observations = 'Revisado en el turno' where id = (select flight_id from matches where id = ${id})`);
    const after = await reportes.ok("getTurnover", { body });
    expect((await running).status).toBe(200);
    expect(after.find((r) => r.id === id)?.observations).toBe("Revisado en el turno");
  });

  it("reads the same window as Mexico City days: the rows whose instant falls 06:00Z to 06:00Z, in order", async () => {
    const rows = await reportes.ok("getTurnover", { body: { start: "2026-11-08", end: "2026-12-05", time_zone: "America/Mexico_City" } });
    const expected = await queryRows<{ id: number }>(
      server.handle.db,
      sql`select id from matches where sort_at >= '2026-11-08T06:00:00Z' and sort_at < '2026-12-06T06:00:00Z'
          order by sort_at, is_arrival desc, slot_id, flight_id`,
    );
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    // Every row's instant (slot time, else ST) is on a Mexico City day of the window.
    const instant = (r: (typeof rows)[number]) => Date.parse(r.slot_time ? `${r.slot_date}T${r.slot_time}:00Z` : (r.flight_scheduled ?? ""));
    expect(rows.every((r) => instant(r) >= Date.parse("2026-11-08T06:00:00Z") && instant(r) < Date.parse("2026-12-06T06:00:00Z"))).toBe(true);
  });

  it("shows a slot's change history from the generator's retimed, refused and new slots", async () => {
    const [slot] = await queryRows<{ id: number }>(
      server.handle.db,
      sql`select m.id from matches m join slot_history h on h.slot_id = m.slot_id where h.request_type = 'Alta' limit 1`,
    );
    const changes = await reportes.ok("listSlotChanges", { params: { id: slot?.id ?? 0 } });
    expect(changes[0]).toMatchObject({ request_type: "Alta", response: "K", lines: { actual: null } });
    expect(changes[0]?.lines.request).toMatch(/^N ?VB\d{3,4}/);
  });
  it("sends the answer it already has while nothing changed, and reads again after a change, whoever makes it", async () => {
    const body = { start: "2026-11-08", end: "2026-12-05", time_zone: "America/Mexico_City", airport: "MEX" } as const;
    const first = await reportes.call("getTurnover", { body });
    expect((await reportes.call("getTurnover", { body })).text).toBe(first.text);
    // A delay code of AIMS changed underneath (another instance's feed): no match row is written
    // by the statement, only by its trigger.
    const [coded] = await queryRows<{ id: number; flight_id: number; minutes: number }>(
      server.handle.db,
      sql`select m.id, fd.flight_id, fd.minutes from matches m join flights f on f.id = m.flight_id
          join flight_delays fd on fd.flight_id = f.id and fd.position = 1
          where f.delays_evaluated_at is null and m.sort_at >= '2026-11-08T06:00:00Z' and m.sort_at < '2026-12-06T06:00:00Z'
          order by m.id limit 1`,
    );
    expect(coded).toBeDefined();
    await server.handle.db.execute(sql`update flight_delays set minutes = minutes + 7 where flight_id = ${coded!.flight_id} and position = 1`);
    const afterCode = await reportes.ok("getTurnover", { body });
    expect(afterCode.find((r) => r.id === coded!.id)?.codes.first_time).toBe(coded!.minutes + 7);
    // A match gone: its row leaves the answer.
    await server.handle.db.execute(sql`delete from matches where id = ${coded!.id}`);
    const afterDelete = await reportes.ok("getTurnover", { body });
    expect(afterDelete.some((r) => r.id === coded!.id)).toBe(false);
    expect(afterDelete).toHaveLength(afterCode.length - 1);
  });

  it("keeps the corrective SCRs Monitoreo names in the Bitácora of W26, one reference per message, and offers the next one after them", async () => {
    const slot = await server.signIn("Slot");
    const seguimiento = await server.signIn("Seguimiento");
    const weeks = await Promise.all(["2026-W44", "2026-W45", "2026-W46", "2026-W47"].map((week) => slot.ok("getMonitoring", { query: { week } })));
    const named = [...new Set(weeks.flatMap((w) => w.corrective_scrs.map((scr) => scr.reference)))];
    expect(named.length).toBeGreaterThan(0);
    const seasonId = weeks[0]!.season!.id;
    const logbook = await seguimiento.ok("listLogbook", { query: { season_id: seasonId } });
    const references = new Set(logbook.map((row) => row.reference));
    for (const reference of named) expect(reference !== null && references.has(reference), `REF ${reference}`).toBe(true);
    // Every reference of the slots' history is one request of the Bitácora, and a message covers
    // several slots (not one reference per slot).
    const history = await queryRows<{ references: number; lines: number }>(
      server.handle.db,
      sql`select count(distinct reference)::int as references, count(*)::int as lines from slot_history`,
    );
    expect(logbook).toHaveLength(history[0]!.references);
    expect(history[0]!.lines / history[0]!.references).toBeGreaterThan(2);
    const highest = Math.max(...references);
    const { next_reference } = await seguimiento.ok("nextAvailableReference", { query: { season: seasonId } });
    expect(next_reference).toBe(highest + 1);
    expect(Math.max(...named.flatMap((r) => (r === null ? [] : [r])))).toBeLessThan(next_reference);
    // A message sent, with its lines and the coordinator's answer where it answered.
    const answered = logbook.find((row) => row.response_date !== null);
    expect(answered).toMatchObject({ is_request_text: true, is_response_text: true });
    const part = await seguimiento.ok("getLogbookPart", { params: { id: answered!.parts[0]! } });
    expect(part.lines.length).toBeGreaterThan(0);
    expect(part.request_text).toMatch(/^SCR\n/);
  });

  it("flags a handful of the season's series in the early warning, not most of them", async () => {
    const slot = await server.signIn("Slot");
    const { early_warning, season } = await slot.ok("getMonitoring", { query: {} });
    expect(season?.name).toBe("W26");
    const series = await count(sql`select count(distinct serie)::int as n from slots`);
    expect(series).toBeGreaterThan(200);
    expect(early_warning.length).toBeGreaterThanOrEqual(1);
    expect(early_warning.length).toBeLessThanOrEqual(20);
  });
});
