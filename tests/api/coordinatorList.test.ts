/**
 * The coordinator's list against the register (issue 23 item 3): a crafted season with one
 * difference of each kind (and one explained by a request in process), compared without writing,
 * applied selectively (history and audit "según SIR del coordinador 21/11", the rest untouched),
 * a stale or in-process key refused with nothing written, the comparison downloaded as .xlsx, every
 * bad file refused whole in Spanish naming the line, and the roles.
 */
import { asc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, isoWeekday } from "../../src/domain/seasons";
import type { components } from "../../src/generated/openapi";
import { slotHistory, slots } from "../../src/server/db/schema";
import { queryRows } from "../../src/server/db/sql";
import { startServer, type TestClient, type TestServer } from "./harness";

type Comparison = components["schemas"]["CoordinatorListComparison"];
type Kind = components["schemas"]["CoordinatorListKind"];

const NOW = new Date("2026-11-21T15:00:00Z");
/** The server's clock: NOW, but for the test of a list applied in the middle of its dates. */
let now = NOW;
const FIRST = "2026-12-07"; // a Monday
const LAST = "2026-12-20"; // a Sunday
const FILE = "SIR MEX W26.txt";

let server: TestServer;
let slotUser: TestClient;
let admin: TestClient;

type Held = { serie: number; flight: string; arrival: boolean; time: string; route: string; aircraft?: string; seats?: number; service?: string; status?: string };

/** The register: one series a flight, every day of the two weeks. */
const REGISTER: Held[] = [
  { serie: 1, flight: "VB100", arrival: true, time: "10:00", route: "CUN" }, // alike
  { serie: 2, flight: "VB102", arrival: true, time: "11:00", route: "MTY" }, // only here
  { serie: 4, flight: "VB106", arrival: true, time: "13:00", route: "TIJ" }, // time 13:30 there
  { serie: 5, flight: "VB108", arrival: false, time: "14:00", route: "MTY" }, // days: weekdays only there
  { serie: 6, flight: "VB110", arrival: true, time: "15:00", route: "MID" }, // aircraft 32N there
  { serie: 7, flight: "VB112", arrival: false, time: "16:00", route: "CUN" }, // seats 186 there
  { serie: 8, flight: "VB114", arrival: true, time: "17:00", route: "OAX", service: "J" }, // service C there
  { serie: 9, flight: "VB116", arrival: true, time: "18:00", route: "HMO", status: "WIP" }, // time, but in process
];

function dates(from = FIRST, to = LAST, days = "1234567"): string[] {
  const out: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) if (days.includes(String(isoWeekday(date)))) out.push(date);
  return out;
}

const arrival = (flight: string, period: string, days: string, capacity: string, route: string, time: string, service = "J") =>
  `K${flight} ${period} ${days} ${capacity} ${route}${time} ${service}`;
const departure = (flight: string, period: string, days: string, capacity: string, time: string, route: string, service = "J") =>
  `K ${flight} ${period} ${days} ${capacity} ${time}${route} ${service}`;

const HEADER = (season = "W26", airport = "MEX", type = "SIR") => [type, "/coordinacion@aicm.example", season, "21NOV", airport];
const LINES = [
  arrival("VB100", "07DEC20DEC", "1234567", "180320", "CUN", "1000"),
  departure("VB104", "07DEC20DEC", "1234567", "180320", "1200", "GDL"), // only there
  arrival("VB106", "07DEC20DEC", "1234567", "180320", "TIJ", "1330"),
  departure("VB108", "07DEC18DEC", "1234500", "180320", "1400", "MTY"),
  arrival("VB110", "07DEC20DEC", "1234567", "18032N", "MID", "1500"),
  departure("VB112", "07DEC20DEC", "1234567", "186320", "1600", "CUN"),
  arrival("VB114", "07DEC20DEC", "1234567", "180320", "OAX", "1700", "C"),
  arrival("VB116", "07DEC20DEC", "1234567", "180320", "HMO", "1830"),
  arrival("AM500", "07DEC20DEC", "1234567", "180738", "MTY", "0900"), // another airline's
];
const list = (lines = LINES, header = HEADER()) => [...header, ...lines, "SI LISTA DE PRUEBA"].join("\n");

async function snapshot() {
  const [row] = await queryRows<Record<string, string>>(
    server.services.db,
    sql`select (select count(*) from slots)::text as slots, (select count(*) from slot_history)::text as history,
      (select count(*) from audit_log)::text as audit,
      (select md5(coalesce(string_agg(s::text, '|' order by s.id), '')) from slots s) as slots_md5`,
  );
  return row;
}

const slotsOf = (flight: string) => server.services.db.select().from(slots).where(eq(slots.flightNumber, flight)).orderBy(asc(slots.date));

const differenceOf = (comparison: Comparison, flight: string, kind: Kind) =>
  comparison.series.find((series) => series.flight === flight)?.differences.find((difference) => difference.kind === kind);

beforeAll(async () => {
  server = await startServer({ now: () => now });
  [slotUser, admin] = await Promise.all([server.signIn("Slot"), server.signIn("Admin")]);
  const rows = REGISTER.flatMap((held) =>
    dates().map((date) => ({
      season: "W26",
      serie: held.serie,
      flightNumber: held.flight,
      date,
      time: held.time,
      isArrival: held.arrival,
      route: held.route,
      frequency: isoWeekday(date),
      aircraftType: held.aircraft ?? "320",
      seats: held.seats ?? 180,
      serviceType: held.service ?? "J",
      status: held.status ?? "K",
    })),
  );
  await server.services.db.insert(slots).values(rows);
});
afterAll(() => server.close());

describe("comparison", () => {
  it("finds one difference of each kind, series by series and date by date, and writes nothing", async () => {
    const before = await snapshot();
    const comparison = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list(), season: "W26" } });
    expect(await snapshot()).toEqual(before);

    expect(comparison).toMatchObject({ message_type: "SIR", season: "W26", message_date: "2026-11-21", airport: "MEX", source: "según SIR del coordinador 21/11" });
    expect(comparison.lines).toEqual({ data: 9, compared: 8, other_airlines: 1, not_held: 0, errors: 0 });
    expect(comparison.register_slots).toBe(REGISTER.length * 14);
    expect(comparison.series_equal).toBe(1);
    expect(comparison.totals).toEqual({ differences: 8, wip: 1, only_here: 1, only_there: 1, days: 1, time: 2, aircraft: 1, seats: 1, service_type: 1 });
    expect(comparison.series.map((series) => series.flight)).toEqual(["VB102", "VB104", "VB106", "VB108", "VB110", "VB112", "VB114", "VB116"]);

    const onlyHere = differenceOf(comparison, "VB102", "only_here");
    expect(onlyHere).toMatchObject({ here: "11:00", there: null, wip: false });
    expect(onlyHere?.dates).toHaveLength(14);
    expect(differenceOf(comparison, "VB104", "only_there")).toMatchObject({ here: null, there: "12:00" });
    expect(differenceOf(comparison, "VB106", "time")).toMatchObject({ here: "13:00", there: "13:30", wip: false });
    const days = differenceOf(comparison, "VB108", "days");
    expect(days).toMatchObject({ here: "1234567", there: "1234500" });
    // The weekends: held here, not in the list.
    expect(days?.dates.map((date) => date.date)).toEqual(["2026-12-12", "2026-12-13", "2026-12-19", "2026-12-20"]);
    expect(days?.dates.every((date) => date.here === "14:00" && date.there === null)).toBe(true);
    expect(differenceOf(comparison, "VB110", "aircraft")).toMatchObject({ here: "320", there: "32N" });
    expect(differenceOf(comparison, "VB112", "seats")).toMatchObject({ here: "180", there: "186" });
    expect(differenceOf(comparison, "VB114", "service_type")).toMatchObject({ here: "J", there: "C" });
    const wip = differenceOf(comparison, "VB116", "time");
    expect(wip).toMatchObject({ here: "18:00", there: "18:30", wip: true });
    expect(wip?.dates.every((date) => date.wip)).toBe(true);

    const series = comparison.series.find((entry) => entry.flight === "VB106");
    expect(series).toMatchObject({ serie: 4, direction: "arrival", line: 8, line_text: LINES[2] });
    expect(series?.here).toMatchObject({ time: "13:00", days: "1234567", first_date: FIRST, last_date: LAST, dates: 14, aircraft: "320", seats: 180 });
    expect(series?.there).toMatchObject({ time: "13:30", dates: 14 });

    // The same content compares to the same keys.
    const again = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list() } });
    expect(again.series.flatMap((s) => s.differences.map((d) => d.key))).toEqual(comparison.series.flatMap((s) => s.differences.map((d) => d.key)));
  });

  it("reports the lines it could not read with line and column, and compares the rest", async () => {
    const broken = [...LINES.slice(0, 2), "KVB1XX 07DEC20DEC 1234567 180320 CUN1000 J", ...LINES.slice(2)];
    const comparison = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list(broken) } });
    expect(comparison.lines.errors).toBe(1);
    const problem = comparison.problems.find((entry) => entry.severity === "error");
    expect(problem).toMatchObject({ line: 8, text: "KVB1XX 07DEC20DEC 1234567 180320 CUN1000 J" });
    expect(problem?.column).toBeGreaterThanOrEqual(1);
    expect(comparison.totals.differences).toBe(8);

    // VB102's slots may be on the line that could not be read: cancelling them is not offered.
    const onlyHere = differenceOf(comparison, "VB102", "only_here");
    expect(onlyHere?.uncertain).toBe(true);
    expect(differenceOf(comparison, "VB106", "time")?.uncertain).toBe(false);
    const before = await snapshot();
    const refused = await slotUser.fail("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(broken), keys: [onlyHere?.key ?? ""] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/líneas que no se pudieron leer.*VB102 del 07\/12\/2026.*no se cancelan.*No se aplicó nada/);
    expect(await snapshot()).toEqual(before);
    // A list read whole offers it.
    const whole = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list() } });
    expect(differenceOf(whole, "VB102", "only_here")?.uncertain).toBe(false);
  });

  it("downloads the comparison as a workbook", async () => {
    const response = await slotUser.call("downloadCoordinatorListComparison", { body: { file_name: FILE, content: list() } });
    expect(response.status).toBe(200);
    expect(String(response.headers["content-disposition"])).toContain(encodeURIComponent("Comparación SIR W26 21-11.xlsx"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(response.bytes).buffer);
    const sheet = workbook.getWorksheet("Diferencias");
    expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(["Serie", "Vuelo", "Diferencia", "En Slotdesk", "En la lista", "En proceso (WIP)"]));
    expect(sheet?.actualRowCount).toBe(9);
    const rows = (sheet?.getSheetValues() ?? []).slice(2).map((row) => (Array.isArray(row) ? row.slice(1, 7) : []));
    expect(rows).toContainEqual([4, "VB106", "Llegada", "Hora", "13:00", "13:30"]);
    expect(rows).toContainEqual([2, "VB102", "Llegada", "Solo en Slotdesk", "11:00", undefined]);
    expect(workbook.getWorksheet("Fechas")?.actualRowCount).toBe(1 + 14 * 7 + 4);
  });
});

describe("apply", () => {
  it("applies only the chosen differences in one transaction, with history and audit", async () => {
    const comparison = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list() } });
    const chosen = [
      differenceOf(comparison, "VB104", "only_there"),
      differenceOf(comparison, "VB106", "time"),
      differenceOf(comparison, "VB108", "days"),
      differenceOf(comparison, "VB112", "seats"),
    ].map((difference) => difference?.key ?? "");
    const result = await slotUser.ok("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: chosen } });
    expect(result).toMatchObject({ applied: 4, slots_created: 14, slots_changed: 28, slots_cancelled: 4, source: "según SIR del coordinador 21/11" });
    expect(result.rematched_dates).toBe(14);

    // What was chosen changed…
    const created = await slotsOf("VB104");
    expect(created).toHaveLength(14);
    expect(created.every((slot) => slot.status === "K" && slot.time === "12:00" && !slot.isArrival && slot.route === "GDL")).toBe(true);
    expect(new Set(created.map((slot) => slot.serie)).size).toBe(1);
    expect((await slotsOf("VB106")).every((slot) => slot.time === "13:30")).toBe(true);
    const vb108 = await slotsOf("VB108");
    expect(vb108.filter((slot) => slot.status === "CAN").map((slot) => slot.date)).toEqual(["2026-12-12", "2026-12-13", "2026-12-19", "2026-12-20"]);
    expect((await slotsOf("VB112")).every((slot) => slot.seats === 186)).toBe(true);
    // …and nothing else did.
    expect((await slotsOf("VB102")).every((slot) => slot.status === "K")).toBe(true);
    expect((await slotsOf("VB110")).every((slot) => slot.aircraftType === "320")).toBe(true);
    expect((await slotsOf("VB114")).every((slot) => slot.serviceType === "J")).toBe(true);
    expect((await slotsOf("VB116")).every((slot) => slot.time === "18:00" && slot.status === "WIP")).toBe(true);

    const [moved] = await slotsOf("VB106");
    const history = await server.services.db.select().from(slotHistory).where(eq(slotHistory.slotId, moved?.id ?? 0));
    expect(history).toEqual([
      expect.objectContaining({ requestType: "Según SIR del coordinador 21/11", response: "K", actualLine: expect.stringContaining("1300"), requestLine: LINES[2] }),
    ]);

    const audit = await admin.ok("listAuditLog", { query: { limit: 1 } });
    expect(audit.items[0]).toMatchObject({
      action: "season.coordinator_list",
      target_type: "season",
      target_label: "W26 según SIR del coordinador 21/11",
      details: { season: "W26", file: FILE, differences: 4 },
    });

    // The comparison after it keeps what was not chosen.
    expect(result.comparison.totals).toEqual({ differences: 4, wip: 1, only_here: 1, only_there: 0, days: 0, time: 1, aircraft: 1, seats: 0, service_type: 1 });
  });

  it("refuses a key that no longer matches the register, or one in process, and writes nothing", async () => {
    const comparison = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list() } });
    const aircraft = differenceOf(comparison, "VB110", "aircraft")?.key ?? "";
    // Someone changes a slot of that series meanwhile.
    const [first] = await slotsOf("VB110");
    await server.services.db.update(slots).set({ seats: 150 }).where(eq(slots.id, first?.id ?? 0));
    const before = await snapshot();
    const stale = await slotUser.fail("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: [aircraft] } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/ya no coincide con el registro.*Vuelva a comparar.*no se aplicó nada/);
    expect(await snapshot()).toEqual(before);

    const fresh = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list() } });
    const onlyHere = differenceOf(fresh, "VB102", "only_here")?.key ?? "";
    const wip = differenceOf(fresh, "VB116", "time")?.key ?? "";
    const refused = await slotUser.fail("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: [onlyHere, wip] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/VB116 del 07\/12\/2026 está en proceso \(WIP\).*No se aplicó nada/);
    expect(await snapshot()).toEqual(before);

    const none = await slotUser.fail("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: [] } });
    expect(none.body.message).toBe("Seleccione al menos una diferencia para aplicar.");
    expect(await snapshot()).toEqual(before);
  });
});

describe("refusals", () => {
  const refusedWith = async (content: string, message: RegExp, season?: string) => {
    const before = await snapshot();
    for (const id of ["compareCoordinatorList", "downloadCoordinatorListComparison"] as const) {
      const { status, body } = await slotUser.fail(id, { body: { file_name: FILE, content, ...(season ? { season } : {}) } });
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    }
    const apply = await slotUser.fail("applyCoordinatorListDifferences", { body: { file_name: FILE, content, keys: ["time-0123456789abcdef"], ...(season ? { season } : {}) } });
    expect(apply.status).toBe(400);
    expect(apply.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  };

  it("refuses a list of another season or airport whole, with the reason and the line", async () => {
    await refusedWith(list(LINES, HEADER("W27")), /SIR MEX W26\.txt es de la temporada W27 \(línea 3, columna 1\), que no está en Slotdesk/);
    await refusedWith(list(LINES, HEADER("S27")), /es de la temporada S27 \(línea 3, columna 1\), no de W26/, "W26");
    await refusedWith(list(LINES, HEADER("W26", "GDL")), /es del aeropuerto GDL \(línea 5, columna 1\), no de MEX/);
  });

  it("refuses what is not a coordinator's list, in Spanish, naming the line", async () => {
    await refusedWith(list(LINES, HEADER("W26", "MEX", "SCR")), /es un mensaje SCR \(línea 1, columna 1\): aquí se comparan las listas SIR, SAL o SHL/);
    await refusedWith("Estimados, adjunto la lista\n", /no empieza con SIR, SAL o SHL \(línea 1, columna 1/);
    await refusedWith("   \n", /está vacío/);
    await refusedWith(["SIR", "/x", "W26", "21NOV", ...LINES].join("\n"), /La cabecera de SIR MEX W26\.txt no se pudo leer: falta el aeropuerto/);
  });

  it("refuses Seguimiento and Reportes every operation", async () => {
    for (const role of ["Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      for (const id of ["compareCoordinatorList", "downloadCoordinatorListComparison"] as const) {
        expect((await client.call(id, { body: { file_name: FILE, content: list() } })).status).toBe(403);
      }
      expect((await client.call("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: ["time-0123456789abcdef"] } })).status).toBe(403);
    }
  });
});

describe("a list applied over dates already past (issue 36 item 5)", () => {
  it("applies from today on by default, names the past dates left, and applies them only when asked", async () => {
    // 14 Dec: VB114's 07–13 Dec are past, 14–20 Dec to come; the list says service C, the register J.
    now = new Date("2026-12-14T15:00:00Z");
    try {
      // A session of that day (the clock moved past the earlier sign-in's hours).
      const slotUser = await server.signIn("Slot");
      const comparison = await slotUser.ok("compareCoordinatorList", { body: { file_name: FILE, content: list() } });
      const key = differenceOf(comparison, "VB114", "service_type")?.key ?? "";
      const result = await slotUser.ok("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: [key] } });
      expect(result).toMatchObject({ applied: 1, slots_changed: 7, past_dates_left: 7 });
      const services = async () => (await slotsOf("VB114")).map((slot) => `${slot.date} ${slot.serviceType}`);
      expect(await services()).toEqual(dates().map((date) => `${date} ${date < "2026-12-14" ? "J" : "C"}`));
      // The past dates stay in the comparison, as one difference of their own.
      const past = differenceOf(result.comparison, "VB114", "service_type");
      expect(past?.dates.map((d) => d.date)).toEqual(dates(FIRST, "2026-12-13"));

      // Only past dates chosen, without asking for them: refused, nothing written.
      const before = await snapshot();
      const refused = await slotUser.fail("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: [past?.key ?? ""] } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        "Todas las fechas de las diferencias elegidas ya pasaron (7 fechas, la última el 13/12/2026): no se aplicó nada. Para corregirlas, elija aplicar también las fechas pasadas; cambian las semanas que Monitoreo ya reportó.",
      );
      expect(await snapshot()).toEqual(before);

      const asked = await slotUser.ok("applyCoordinatorListDifferences", { body: { file_name: FILE, content: list(), keys: [past?.key ?? ""], include_past: true } });
      expect(asked).toMatchObject({ applied: 1, slots_changed: 7, past_dates_left: 0 });
      expect((await slotsOf("VB114")).every((slot) => slot.serviceType === "C")).toBe(true);
    } finally {
      now = NOW;
    }
  });
});
