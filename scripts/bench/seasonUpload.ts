/**
 * Season start upload bench (issue 13): a 400-series spreadsheet (turnarounds on varied days and
 * periods over the whole of W27, about 85,000 slots) sent to POST /api/slots/upload/ on PGlite,
 * through the app (app.inject: session, CSRF, multipart, xlsx reading, checks, one transaction
 * with the inserts and the rematch). p50 of 5 runs, the season's slots deleted between runs.
 * Figures, never pass/fail (budget ≤ 5 s).
 *
 * `npx tsx --max-semi-space-size=32 scripts/bench/seasonUpload.ts`, or `benchSeasonUpload()`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { isoWeekday, seasonBounds } from "../../src/domain/seasons";
import { SERIES_COLUMNS, SERIES_SHEET } from "../../src/domain/series";
import { buildApp } from "../../src/server/app";
import { createServices, openAndPrepareDatabase } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import { signInByInject } from "./inProcess";
import { quantile } from "./stats";

const SEASON = "W27";
const SERIES = 400;
const RUNS = 5;
const NOW = new Date("2027-06-15T12:00:00Z");
const STATIONS = ["MTY", "CUN", "GDL", "TIJ", "MID", "OAX", "LAX", "MAD", "BOG", "LIM", "SJD", "PVR"];
const DAY_SETS = ["1234567", "1030507", "0204060", "1234500", "0000067", "1000000"];

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The first date from `date` on (inclusive) that is one of `days`, searching forward or back. */
function onDays(date: string, days: string, step: 1 | -1): string {
  let d = new Date(`${date}T00:00:00Z`);
  for (let i = 0; i < 7 && !days.includes(String(isoWeekday(d.toISOString().slice(0, 10)))); i++) {
    d = new Date(d.getTime() + step * 86_400_000);
  }
  return d.toISOString().slice(0, 10);
}

/** 400 turnaround series, each flight number once: no overlaps, every row valid. */
export async function seasonSpreadsheet(season = SEASON, count = SERIES): Promise<Buffer> {
  const bounds = seasonBounds(season);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SERIES_SHEET);
  sheet.addRow(SERIES_COLUMNS.map((c) => c.header));
  for (let i = 0; i < count; i++) {
    const days = DAY_SETS[i % DAY_SETS.length] ?? "1234567";
    const arrival = 6 * 60 + ((i * 37) % (15 * 60));
    // Most series run the whole season; some start or end within it.
    const first = onDays(i % 5 === 0 ? "2027-11-15" : bounds.start_date, days, 1);
    const last = onDays(i % 7 === 0 ? "2028-02-20" : bounds.end_date, days, -1);
    sheet.addRow([
      `VB${2000 + 2 * i + 1}`,
      `VB${2000 + 2 * i}`,
      first,
      last,
      days,
      i % 3 === 0 ? 220 : 180,
      i % 3 === 0 ? "321" : "320",
      STATIONS[i % STATIONS.length],
      hhmm(arrival),
      hhmm(arrival + 55),
      STATIONS[i % STATIONS.length],
      "J",
      i % 10 === 0 ? "ADD" : "D",
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function benchSeasonUpload(): Promise<void> {
  const handle = await openAndPrepareDatabase({}, NOW);
  const config = { ...readConfig({}), staticDir: "/nonexistent" };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Admin", "upload");

    const file = await seasonSpreadsheet();
    const bounds = seasonBounds(SEASON);
    const form = new FormData();
    form.append("season_name", SEASON);
    form.append("season_start", bounds.start_date);
    form.append("season_end", bounds.end_date);
    form.append("airport", "2");
    form.append("xls_file", new Blob([new Uint8Array(file)]), "temporada.xlsx");
    const request = new Request("http://bench/", { method: "POST", body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const contentType = request.headers.get("content-type") ?? "";

    const times: number[] = [];
    let slots = 0;
    for (let run = 0; run < RUNS; run++) {
      await handle.db.execute(sql`delete from slots where season = ${SEASON}`);
      const started = performance.now();
      const response = await app.inject({
        method: "POST",
        url: "/api/slots/upload/",
        headers: { "content-type": contentType, ...session.headers },
        payload,
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
      slots = (response.json() as { slots: number }).slots;
    }
    console.log(
      `season upload (PGlite), ${SERIES}-series spreadsheet (${(file.length / 1024).toFixed(0)} KiB, ${slots} slots): ` +
        `p50 ${quantile(times, 0.5).toFixed(0)} ms (best ${Math.min(...times).toFixed(0)} ms, ${RUNS} runs)  [budget 5 s]`,
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchSeasonUpload();
