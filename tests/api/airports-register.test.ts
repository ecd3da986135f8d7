/**
 * Issue 37 item 2: the register and the readers per airport. With a second airport active (CUN,
 * made so in SQL as an Admin's edit would), a real-shaped multi-station SSIM schedule keeps the
 * legs of both airports and its preview counts them per airport as an independent reading of the
 * file does; the flights are stored apart and MEX's turnover never shows CUN's; a movement message
 * is applied to the airport it names and skipped with a warning when that airport is not held; a
 * coordinator's list goes to the airport in its header and is refused for an airport not held; a
 * user restricted to MEX gets 403 on CUN's reads.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airports, slots, users } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { rematch } from "../../src/server/matching/rematch";
import { startServer, type TestClient, type TestServer } from "./harness";

const REAL_SHAPED = readFileSync(join(__dirname, "../fixtures/schedule/real-shaped.ssim"), "latin1");
const NOW = new Date("2026-12-03T12:00:00Z");

let server: TestServer;
let slot: TestClient;

// ---- an independent reading of SSIM Chapter 7 type-3 records (not Slotdesk's reader) ----------

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** `01DEC26` → epoch ms of that UTC midnight; null for `00XXX00` (open end). */
function ssimDate(text: string): number | null {
  const month = MONTHS.indexOf(text.slice(2, 5));
  if (month < 0) return null;
  return Date.UTC(2000 + Number(text.slice(5, 7)), month, Number(text.slice(0, 2)));
}

/**
 * How many dated legs of `airlines` leave or reach each of `stations`: a leg record's period
 * (columns 15–28; an open end is the schedule's validity end, record 2 columns 22–28), its days of
 * operation (29–35, ISO weekdays) and its stations (37–39, 55–57). A leg between two of the
 * stations counts at both.
 */
function legsPerStation(text: string, stations: readonly string[], airlines: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(stations.map((s) => [s, 0]));
  let validityEnd: number | null = null;
  for (const record of text.split(/\r?\n/)) {
    const col = (from: number, to: number) => record.slice(from - 1, to);
    if (record.startsWith("2")) validityEnd = ssimDate(col(22, 28));
    if (!record.startsWith("3") || !airlines.includes(col(3, 5).trim())) continue;
    const from = ssimDate(col(15, 21));
    const to = ssimDate(col(22, 28)) ?? validityEnd;
    if (from === null || to === null) continue;
    const days = col(29, 35);
    let dated = 0;
    for (let ms = from; ms <= to; ms += 86_400_000) {
      const weekday = ((new Date(ms).getUTCDay() + 6) % 7) + 1;
      if (days.includes(String(weekday))) dated++;
    }
    for (const station of new Set([col(37, 39), col(55, 57)])) if (station in counts) counts[station] = (counts[station] ?? 0) + dated;
  }
  return counts;
}

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  await server.services.db
    .update(airports)
    .set({ active: true, timeZone: "America/Cancun", coordinationLevel: 3, coordinatorEmail: "coordinacion@cun.example" })
    .where(eq(airports.code, "CUN"));
  slot = await server.signIn("Slot");
});
afterAll(() => server.close());

const flightsAt = async (airport: string) =>
  (await queryRows<{ n: number }>(server.services.db, sql`select count(*)::int as n from flights where airport = ${airport}`))[0]?.n;

describe("a schedule with legs at two active airports", () => {
  it("previews its flights per airport as an independent reading counts them, and stores each airport's apart", async () => {
    const expected = legsPerStation(REAL_SHAPED, ["MEX", "CUN"], ["VB", "VIV"]);
    expect(expected.CUN).toBeGreaterThan(0);
    const preview = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: REAL_SHAPED } });
    const byAirport = Object.fromEntries((preview.airports ?? []).map((a) => [a.airport, a.flights]));
    expect(byAirport).toEqual({ CUN: expected.CUN, MEX: expected.MEX });
    // The totals are still the file's: the sum over the airports.
    expect(preview.counts.new).toBe((expected.CUN ?? 0) + (expected.MEX ?? 0));

    const applied = await slot.ok("applyDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: REAL_SHAPED, skip_errors: true } });
    expect(applied.counts.new).toBe(preview.counts.new);
    expect(await flightsAt("CUN")).toBe(expected.CUN);
    expect(await flightsAt("MEX")).toBe(expected.MEX);
    // VB900 MEX→CUN is a departure at MEX and an arrival at CUN: one flight in each register.
    const vb900 = await queryRows<{ airport: string; is_arrival: boolean }>(
      server.services.db,
      sql`select airport, is_arrival from flights where flight_number = 'VB900' and date = '2026-12-05' order by airport`,
    );
    expect(vb900).toEqual([
      { airport: "CUN", is_arrival: true },
      { airport: "MEX", is_arrival: false },
    ]);
  });

  it("keeps only MEX's legs of the same file for a user restricted to MEX: CUN's register is not touched", async () => {
    const expected = legsPerStation(REAL_SHAPED, ["MEX", "CUN"], ["VB", "VIV"]);
    const restricted = await server.signIn("Slot");
    await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, restricted.userId));
    const preview = await restricted.ok("previewDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: REAL_SHAPED } });
    expect((preview.airports ?? []).map((a) => a.airport)).toEqual(["MEX"]);
    expect(preview.counts.new + preview.counts.changed + preview.counts.unchanged).toBe(expected.MEX);
    const cunBefore = await queryRows(server.services.db, sql`select * from flights where airport = 'CUN' order by id`);
    // Sent with the leg's times moved, so every kept flight would change: CUN's must not.
    const moved = REAL_SHAPED.replace(/(\d{4})([+-]\d{4})/g, (_m, time: string, offset: string) => `${String((Number(time) + 5) % 2400).padStart(4, "0")}${offset}`);
    await restricted.ok("applyDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: moved, skip_errors: true } });
    expect(await queryRows(server.services.db, sql`select * from flights where airport = 'CUN' order by id`)).toEqual(cunBefore);
  });

  it("shows MEX's turnover only MEX's flights, and CUN's only CUN's", async () => {
    const range = { start: "2026-12-01", end: "2026-12-14", time_zone: "America/Mexico_City" } as const;
    const mex = await slot.ok("getTurnover", { body: { ...range } });
    // CUN's days are read in its own zone: the turnover takes the airport's zone or UTC.
    const cun = await slot.ok("getTurnover", { body: { ...range, time_zone: "America/Cancun", airport: "CUN" } });
    expect(mex.length).toBeGreaterThan(0);
    expect(cun.length).toBeGreaterThan(0);
    const airportOf = async (ids: readonly (number | null)[]) =>
      (
        await queryRows<{ airport: string }>(
          server.services.db,
          sql`select distinct airport from flights where id = any(${`{${ids.filter((id) => id !== null).join(",")}}`}::int[])`,
        )
      ).map((r) => r.airport);
    expect(await airportOf(mex.map((row) => row.flight_id))).toEqual(["MEX"]);
    expect(await airportOf(cun.map((row) => row.flight_id))).toEqual(["CUN"]);
    // Every CUN flight of the range, and no more: VB900 and VB901 every day.
    expect(cun.every((row) => row.flight_name === "VB900" || row.flight_name === "VB901")).toBe(true);
    expect(mex.some((row) => row.flight_name === "VB910")).toBe(true);
    expect(cun.some((row) => row.flight_name === "VB910")).toBe(false);
  });

  it("refuses a read of an airport that is not active (400) and one the caller is restricted from (403)", async () => {
    const range = { start: "2026-12-01", end: "2026-12-02", time_zone: "America/Mexico_City" } as const;
    const notHeld = await slot.fail("getTurnover", { body: { ...range, airport: "GDL" } });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.message).toBe("El aeropuerto GDL no está en la lista de aeropuertos activos.");
    const restricted = await server.signIn("Slot");
    const [me] = await queryRows<{ id: number }>(server.services.db, sql`select id from users order by id desc limit 1`);
    await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, me?.id ?? 0));
    const refused = await restricted.fail("getTurnover", { body: { ...range, airport: "CUN" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("No tienes acceso al aeropuerto CUN.");
    expect((await restricted.call("getTurnover", { body: { ...range } })).status).toBe(200);
  });
});

describe("movement messages per airport", () => {
  it("applies a CUN message to CUN's departure, and skips a TIJ message with a warning while TIJ is not active", async () => {
    // VB901 CUN→MEX leaves CUN at 11:00 local (16:00Z) every day.
    const text = ["MVT", "VB901/03.XA-VBA.CUN", "AD1605/1612 EA2110 MEX", "", "MVT", "VB910/04.XA-VBB.TIJ", "AA0650/0655"].join("\n");
    const preview = await slot.ok("previewDataLoad", { body: { kind: "mvt", file_name: "mvt.txt", content: text } });
    const messages = preview.problems.map((p) => p.message).join("\n");
    expect(messages).toContain("El mensaje es de la estación TIJ, que no es un aeropuerto activo (CUN, MEX): no se aplica");
    const applied = await slot.ok("applyDataLoad", { body: { kind: "mvt", file_name: "mvt.txt", content: text } });
    expect(applied.counts.skipped).toBe(1);
    const rows = await queryRows<{ airport: string; is_arrival: boolean; actual_departure: string | null; estimated_arrival: string | null }>(
      server.services.db,
      sql`select airport, is_arrival, to_char(actual_departure at time zone 'UTC', 'HH24:MI') as actual_departure,
                 to_char(estimated_arrival at time zone 'UTC', 'HH24:MI') as estimated_arrival
          from flights where flight_number = 'VB901' and scheduled_departure::date = '2026-12-03' order by airport`,
    );
    // At CUN: the departure's off-block; at MEX: the arrival's estimate only (the inbound flight).
    expect(rows).toEqual([
      { airport: "CUN", is_arrival: false, actual_departure: "16:05", estimated_arrival: "21:10" },
      { airport: "MEX", is_arrival: true, actual_departure: null, estimated_arrival: "21:10" },
    ]);
    // VB910 MEX→TIJ: nothing of the TIJ message reached MEX's departure.
    const tij = await queryRows<{ actual_arrival: string | null }>(
      server.services.db,
      sql`select actual_arrival::text from flights where flight_number = 'VB910' and airport = 'MEX' and actual_arrival is not null`,
    );
    expect(tij).toEqual([]);
  });
});

describe("Monitoreo per airport", () => {
  it("sorts each airport's week from its own flights only", async () => {
    const mex = await slot.ok("getMonitoring", { query: { week: "2026-W49" } });
    const cun = await slot.ok("getMonitoring", { query: { week: "2026-W49", airport: "CUN" } });
    const flightsOf = (rows: readonly { flight_id: number | null }[]) => rows.map((r) => r.flight_id).filter((id) => id !== null);
    const airportsOf = async (ids: readonly number[]) =>
      (await queryRows<{ airport: string }>(server.services.db, sql`select distinct airport from flights where id = any(${`{${ids.join(",")}}`}::int[])`)).map(
        (r) => r.airport,
      );
    expect(flightsOf(cun.rows).length).toBeGreaterThan(0);
    expect(await airportsOf(flightsOf(cun.rows))).toEqual(["CUN"]);
    expect(await airportsOf(flightsOf(mex.rows))).not.toContain("CUN");
  });
});

describe("a coordinator's list per airport", () => {
  const header = (airport: string) => ["SAL", "/COORD", "W26", "15SEP", airport];
  const line = "KVB900 01DEC14DEC 1234567 180320 MEX1200 J";

  beforeAll(async () => {
    await server.services.db.execute(
      sql`insert into seasons (airport, name, start_date, end_date) select 'CUN', name, start_date, end_date from seasons where airport = 'MEX' and name = 'W26'`,
    );
    // VB900 reaches CUN at 14:55Z (09:55 local): its slot there is at that time.
    const row = (airport: string, date: string, flightNumber: string) => ({
      airport,
      season: "W26",
      serie: 1,
      flightNumber,
      date,
      time: "14:55",
      isArrival: true,
      route: "MEX",
      frequency: ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1,
      aircraftType: "320",
      seats: 180,
      status: "K",
    });
    await server.services.db.insert(slots).values([row("CUN", "2026-12-01", "VB900"), row("MEX", "2026-12-01", "VB777")]);
  });

  it("compares a list for CUN with CUN's register only", async () => {
    const comparison = await slot.ok("compareCoordinatorList", { body: { file_name: "SAL CUN.txt", content: [...header("CUN"), line].join("\n") } });
    expect(comparison.airport).toBe("CUN");
    expect(comparison.register_slots).toBe(1);
    expect(comparison.series.map((s) => s.flight)).toEqual(["VB900"]);
  });

  it("applies a SIR for CUN to CUN's register only: MEX's slots are untouched", async () => {
    const sir = ["SIR", "/COORD", "W26", "21NOV", "CUN"];
    // The coordinator holds VB900 at 15:10Z: a time difference on CUN's series.
    const moved = "KVB900 01DEC14DEC 1234567 180320 MEX1510 J";
    const mexBefore = await queryRows(server.services.db, sql`select * from slots where airport = 'MEX' order by id`);
    const comparison = await slot.ok("compareCoordinatorList", { body: { file_name: "SIR CUN.txt", content: [...sir, moved].join("\n") } });
    expect(comparison.airport).toBe("CUN");
    const keys = comparison.series.flatMap((series) => series.differences.map((difference) => difference.key));
    expect(keys.length).toBeGreaterThan(0);
    const applied = await slot.ok("applyCoordinatorListDifferences", { body: { file_name: "SIR CUN.txt", content: [...sir, moved].join("\n"), keys } });
    expect(applied.slots_changed + applied.slots_created).toBeGreaterThan(0);
    const cunTimes = await queryRows<{ time: string }>(server.services.db, sql`select distinct time from slots where airport = 'CUN' and flight_number = 'VB900'`);
    expect(cunTimes.map((row) => row.time)).toContain("15:10");
    expect(await queryRows(server.services.db, sql`select * from slots where airport = 'MEX' order by id`)).toEqual(mexBefore);
  });

  it("pairs CUN's slot with CUN's flight only (matching per airport)", async () => {
    await rematch(server.services.db, ["2026-12-01"]);
    const pairs = await queryRows<{ airport: string; slot_airport: string | null; flight_airport: string | null; flight: string | null }>(
      server.services.db,
      sql`select m.airport, s.airport as slot_airport, f.airport as flight_airport, coalesce(s.flight_number, f.flight_number) as flight
          from matches m left join slots s on s.id = m.slot_id left join flights f on f.id = m.flight_id
          where m.slot_id is not null and m.date = '2026-12-01' order by flight`,
    );
    expect(pairs).toEqual([
      { airport: "MEX", slot_airport: "MEX", flight_airport: null, flight: "VB777" },
      { airport: "CUN", slot_airport: "CUN", flight_airport: "CUN", flight: "VB900" },
    ]);
  });

  it("refuses a list for an airport not held, naming its line and column", async () => {
    const refused = await slot.fail("compareCoordinatorList", { body: { file_name: "SAL GDL.txt", content: [...header("GDL"), line].join("\n") } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "La lista SAL GDL.txt es del aeropuerto GDL (línea 5, columna 1), que no está entre los aeropuertos activos de Slotdesk (CUN, MEX): no se compara nada.",
    );
    expect(refused.body.errors).toEqual([expect.objectContaining({ line: 5, column: 1 })]);
  });

  it("refuses a list for CUN to a user restricted to MEX", async () => {
    const restricted = await server.signIn("Slot");
    const [me] = await queryRows<{ id: number }>(server.services.db, sql`select id from users order by id desc limit 1`);
    await server.services.db.update(users).set({ airports: ["MEX"] }).where(eq(users.id, me?.id ?? 0));
    const refused = await restricted.fail("compareCoordinatorList", { body: { file_name: "SAL CUN.txt", content: [...header("CUN"), line].join("\n") } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("No tienes acceso al aeropuerto CUN.");
  });
});

describe("an SCR per airport (issue 37 item 4)", () => {
  const altas = (season: number, reference: number, request: string, airport: string) => ({
    airport,
    season,
    reference,
    special_information: "favor de confirmar",
    general_information: "",
    action_code: 2,
    cc: [],
    slots: [{ id: "alta-1", change: null, request }],
    send_request: true,
  });

  it("names CUN in the header, goes to CUN's coordinator, and numbers its references apart from MEX's", async () => {
    const admin = await server.signIn("Admin");
    const [setting] = await admin.ok("listSettings", { query: { names: "coordinator_email" } });
    await admin.ok("modifySetting", { body: { id: setting?.id ?? 0, value: { email: "coordinacion@aicm.example" } } });
    const seguimiento = await server.signIn("Seguimiento");
    const mexW26 = (await seguimiento.ok("listSeasons", { query: { name: "W26" } }))[0]?.id ?? 0;
    const cunW26 = (await seguimiento.ok("listSeasons", { query: { name: "W26", airport: "CUN" } }))[0]?.id ?? 0;
    expect(cunW26).not.toBe(mexW26);

    await seguimiento.ok("generateRequest", { body: altas(mexW26, 1, "NVB4000 05DEC05DEC 0000060 180320 MTY0700 J", "MEX") });
    const sent = await seguimiento.ok("generateRequest", { body: altas(cunW26, 1, "NVB4001 05DEC05DEC 0000060 180320 MEX0700 J", "CUN") });
    expect(sent.sent).toBe(true);

    const outbox = await admin.ok("listOutbox", { query: { limit: 100 } });
    const cun = outbox.items.find((m) => m.subject === "SCR CUN W26 REF 1");
    expect(cun).toMatchObject({ to: ["coordinacion@cun.example"] });
    expect(cun?.text.split("\n").slice(0, 4)).toEqual(["SCR", "W26", "03DEC", "CUN"]);
    expect(outbox.items.find((m) => m.subject === "SCR MEX W26 REF 1")).toMatchObject({ to: ["coordinacion@aicm.example"] });

    // A CUN season's request for MEX is refused, naming both.
    const mixed = await seguimiento.fail("generateRequest", { body: altas(cunW26, 2, "NVB4002 05DEC05DEC 0000060 180320 MTY0700 J", "MEX") });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe("La temporada W26 elegida es de CUN, no de MEX: elija una temporada de MEX.");
  });
});

describe("a coordinator's reply per airport (issue 37 item 4)", () => {
  async function uploadReply(client: TestClient, name: string, text: string) {
    const form = new FormData();
    form.append("file", new Blob([text], { type: "text/plain" }), name);
    form.append("compute", "true");
    const request = new Request("http://slotdesk.test/", { method: "POST", body: form });
    return client.request({
      method: "POST",
      url: "/references/response/compute/",
      headers: { "content-type": request.headers.get("content-type") ?? "", "x-csrftoken": await client.csrfToken(), "x-api-version": "2.0" },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  const reply = (airport: string) => ["SCR", "/coordinacion", "W26", "04DEC", airport, "KVB4001 05DEC05DEC 0000060 180320 MEX0700 J", "GI SALUDOS"].join("\n");

  it("applies CUN's reply to CUN's register only, and refuses a reply of an airport not held", async () => {
    const slotUser = await server.signIn("Slot");
    const refused = await uploadReply(slotUser, "VIVW26001.txt", reply("GDL"));
    expect(refused.status).toBe(400);
    expect((refused.json as { message: string }).message).toBe(
      "La respuesta VIVW26001.txt es del aeropuerto GDL, que no está entre los aeropuertos activos de Slotdesk: no se aplicó nada.",
    );
    const applied = await uploadReply(slotUser, "VIVW26001.txt", reply("CUN"));
    expect(applied.status).toBe(200);
    const created = await queryRows<{ airport: string; status: string }>(
      server.services.db,
      sql`select airport, status from slots where flight_number = 'VB4001'`,
    );
    expect(created).toEqual([{ airport: "CUN", status: "ADD" }]);
  });
});
