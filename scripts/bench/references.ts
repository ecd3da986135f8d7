/**
 * Carga de referencias bench (issue 12): figures, never pass/fail. On the demo season, on PGlite
 * and on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local server) in the same run:
 *
 *  - a request of 500 modifications (1,000 lines: C + R, each slot 5 minutes later) previewed,
 *    then loaded with compute=true (500 slots marked WIP, their dates re-matched);
 *  - the coordinator's 1,000-line reply that grants them (X + K) previewed (compute=false, rolled
 *    back) and then computed (compute=true: 500 slots moved, history rows, lines, the touched
 *    dates re-matched)  [budget ≤ 1 s compute].
 *
 * Two sets of slots: consecutive days (date and time order, a few dates re-matched) and the
 * first flights' every day, spread over the whole season (every date re-matched: the worst case,
 * where the re-match is about half the compute). Three rounds each on different slots; the server's time (request received → response
 * handed over, through Fastify's inject), median.
 *
 *   npx tsx --max-semi-space-size=32 scripts/bench/references.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { slotLine } from "../../src/domain/scr";
import { buildApp } from "../../src/server/app";
import { createServices } from "../../src/server/bootstrap";
import { readConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db/client";
import { queryRows } from "../../src/server/db/sql";
import { loadDemoSeason } from "../../src/server/demo/season";
import { onBothDatabases, signInByInject } from "./inProcess";
import { quantile } from "./stats";

const NOW = new Date("2026-11-21T15:00:00Z");
const ITEMS = 500;
const ROUNDS = 3;

const ms = (n: number) => `${n.toFixed(1)} ms`;

type SlotRow = {
  flight_number: string;
  date: string;
  time: string;
  is_arrival: boolean;
  route: string;
  aircraft_type: string;
  seats: number;
  service_type: string;
  season: string;
};

const later = (time: string) => {
  const minutes = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + 5) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

async function form(text: string, name: string, compute: boolean) {
  const data = new FormData();
  data.append("file", new Blob([text], { type: "text/plain" }), name);
  data.append("compute", String(compute));
  const request = new Request("http://bench.test/", { method: "POST", body: data });
  return { type: request.headers.get("content-type") ?? "", payload: Buffer.from(await request.arrayBuffer()) };
}

async function benchOn(label: string, handle: DatabaseHandle): Promise<void> {
  await loadDemoSeason(handle.db, { now: NOW });
  const config = { ...readConfig({}), staticDir: "/nonexistent", scryptLog2N: 12 };
  const { contract, services } = await createServices(config, handle, { now: () => NOW });
  const app = await buildApp({ contract, services });
  const startedAt = new WeakMap<object, number>();
  let last = 0;
  app.addHook("onRequest", async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.url.startsWith("/references/")) last = performance.now() - (startedAt.get(request) ?? 0);
    return payload;
  });
  await app.ready();
  try {
    const session = await signInByInject(app, handle.db, services.passwords, "Slot", "references");
    const post = async (kind: "request" | "response", text: string, name: string, compute: boolean) => {
      const body = await form(text, name, compute);
      const answer = await app.inject({
        method: "POST",
        url: `/references/${kind}/compute/`,
        headers: { ...session.headers, "content-type": body.type, "x-api-version": "2.0" },
        payload: body.payload,
      });
      if (answer.statusCode !== 200) throw new Error(`${kind} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
      return last;
    };
    const scenarios = [
      // 500 slots in date and time order: about two days of the airline's movements.
      { name: "slots of consecutive days", order: sql`date, time, flight_number, is_arrival` },
      // 500 slots in designator order: the first flights' every day, all over the season.
      { name: "slots spread over the season", order: sql`flight_number, date, is_arrival, time` },
    ];
    for (const scenario of scenarios) {
      const rows = await queryRows<SlotRow>(
        handle.db,
        sql`select flight_number, date::text as date, time, is_arrival, route, aircraft_type, seats, service_type, season
            from slots where date > '2026-11-25' and status in ('D', 'ADD', 'K')
            order by ${scenario.order} limit ${ITEMS * ROUNDS}`,
      );
      const season = rows[0]?.season ?? "W26";
      const header = ["SCR", "/slots@bench.example", season, "21NOV", "MEX"];
      const requestPreviewTimes: number[] = [];
      const requestTimes: number[] = [];
      const previewTimes: number[] = [];
      const computeTimes: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const chosen = rows.slice(round * ITEMS, (round + 1) * ITEMS);
        const request: string[] = [];
        const reply: string[] = [];
        for (const row of chosen) {
          const slot = {
            flightNumber: row.flight_number,
            date: row.date,
            time: row.time,
            isArrival: row.is_arrival,
            route: row.route,
            aircraftType: row.aircraft_type,
            seats: row.seats,
            serviceType: row.service_type,
          };
          const held = slotLine("C", slot);
          const revised = slotLine("R", { ...slot, time: later(slot.time) });
          request.push(held, revised);
          reply.push(`X${held.slice(1)}`, `K${revised.slice(1)}`);
        }
        const [next] = await queryRows<{ reference: number }>(
          handle.db,
          sql`select coalesce(max(r.reference), 0) + 1 as reference from logbook_requests r join seasons s on s.id = r.season_id where s.name = ${season}`,
        );
        const name = `VIV${season}${String(next?.reference ?? 1).padStart(3, "0")}.txt`;
        const requestText = [...header, ...request, "SI BENCH", "GI SALUDOS"].join("\n");
        requestPreviewTimes.push(await post("request", requestText, name, false));
        requestTimes.push(await post("request", requestText, name, true));
        const replyText = [...header, ...reply, "SI BENCH", "GI SALUDOS"].join("\n");
        previewTimes.push(await post("response", replyText, name, false));
        computeTimes.push(await post("response", replyText, name, true));
      }
      console.log(
        `${label}, ${scenario.name} (${new Set(rows.map((row) => row.date)).size} dates): ${ITEMS} modifications a round, ${ROUNDS} rounds\n` +
          `  request of ${ITEMS * 2} lines, preview: median ${ms(quantile(requestPreviewTimes, 0.5))}, compute: median ${ms(quantile(requestTimes, 0.5))}\n` +
          `  reply of ${ITEMS * 2} lines, preview: median ${ms(quantile(previewTimes, 0.5))}\n` +
          `  reply of ${ITEMS * 2} lines, compute: median ${ms(quantile(computeTimes, 0.5))}, max ${ms(Math.max(...computeTimes))}  [budget 1 s]`,
      );
    }
  } finally {
    await app.close();
  }
}

/** PGlite, then PostgreSQL in a throw-away database (BENCH_DATABASE_URL / DATABASE_URL / local). */
export async function benchReferences(): Promise<void> {
  console.log(`Carga de referencias bench · demo season at ${NOW.toISOString()} · node ${process.version}`);
  await onBothDatabases("references", NOW, benchOn);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) await benchReferences();
