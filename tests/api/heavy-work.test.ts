/**
 * Nobody freezes the server (issue 34 item 1): a big coordinator list is read and compared in the
 * worker pool (src/server/workers), so /api/health/ keeps answering while it runs; and what the
 * pool answers is, byte for byte, what the request thread answered before (`SLOTDESK_WORKERS=0`
 * runs the same work in the request thread, as the code did before the pool).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Ssim7LegSpec, writeSsim7 } from "../../src/domain/ssim7";
import { startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-11-21T15:00:00Z");
const REAL_SHAPED = readFileSync(join(__dirname, "../fixtures/schedule/real-shaped.ssim"), "latin1");
const EXAMPLE = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1");
const MVT = readFileSync(join(__dirname, "../fixtures/mvt/arrival.mvt"), "latin1");

/**
 * A SAL of `count` lines, two weeks each, of flights the register does not hold: every line is read
 * and becomes a difference (in the request thread, 2,000 lines take a second or two).
 */
function bigList(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const flight = `VB${1000 + (i % 4000)}`;
    const month = i < 4000 ? "DEC" : "JAN";
    lines.push(
      i % 2
        ? `K${flight} 07${month}20${month} 1234567 180320 CUN${String(600 + (i % 17) * 5).padStart(4, "0")} J`
        : `K ${flight} 07${month}20${month} 1234567 180320 ${String(700 + (i % 13) * 5).padStart(4, "0")}GDL J`,
    );
  }
  return ["SAL", "/coordinacion@aicm.example", "W26", "21NOV", "MEX", ...lines, "SI LISTA GRANDE"].join("\n");
}

/**
 * A schedule of `count` one-day legs at MEX (flights VB1000…, a week apart), about 200 bytes each:
 * 6,000 legs make a body over 1 MiB, which is parsed and checked in the worker pool.
 */
function bigSchedule(count: number): string {
  const legs: Ssim7LegSpec[] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2026, 10, 2 + (i % 140)));
    const date = day.toISOString().slice(0, 10);
    const out = i % 2 === 0;
    legs.push({
      flightNumber: 1000 + Math.floor(i / 140),
      from: date,
      to: date,
      days: "1234567",
      departureStation: out ? "MEX" : "CUN",
      departureTime: String(600 + (i % 12) * 100).padStart(4, "0"),
      departureVariation: "-0600",
      arrivalStation: out ? "CUN" : "MEX",
      arrivalTime: String(800 + (i % 12) * 100).padStart(4, "0"),
      arrivalVariation: "-0500",
      aircraftType: "320",
    });
  }
  return writeSsim7({ airline: "VB", timeMode: "L", from: "2026-11-02", to: "2027-03-27", created: "2026-11-20", legs });
}

let server: TestServer;
let slot: TestClient;
const configured = process.env.SLOTDESK_WORKERS;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  slot = await server.signIn("Slot");
});
afterEach(() => {
  if (configured === undefined) delete process.env.SLOTDESK_WORKERS;
  else process.env.SLOTDESK_WORKERS = configured;
});
afterAll(() => server.close());

describe("heavy work off the request thread", () => {
  it("keeps answering /api/health/ while a big coordinator list is compared", async () => {
    delete process.env.SLOTDESK_WORKERS;
    let compared = false;
    const compare = slot
      .call("compareCoordinatorList", { body: { file_name: "SAL grande.txt", content: bigList(2_000) } })
      .finally(() => {
        compared = true;
      });
    // Health asked again and again, each after the previous answer, until the comparison answers:
    // in the request thread the reading and comparing held the thread, and health got at most the
    // answers that slipped in before and between them.
    let answeredMeanwhile = 0;
    const client = server.client();
    while (!compared) {
      const health = await client.request({ method: "GET", url: "/api/health/" });
      expect(health.status).toBe(200);
      if (!compared) answeredMeanwhile++;
      // A turn of the event loop (not a clock): the worker's answer arrives as a message.
      await new Promise((next) => setTimeout(next, 1));
    }
    const answer = await compare;
    expect(answer.status).toBe(200);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
  });

  /** Every sheet's name and cell values, in order: what a person reads in the workbook. */
  const workbookCells = async (bytes: Uint8Array) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    const sheets = workbook.worksheets.map((sheet) => {
      const rows: unknown[] = [];
      sheet.eachRow((row) => rows.push(row.values));
      return { name: sheet.name, rows };
    });
    return `xlsx ${JSON.stringify(sheets)}`;
  };

  it("answers the same bytes from the pool as from the request thread", async () => {
    const calls = [
      () => slot.call("compareCoordinatorList", { body: { file_name: "SAL grande.txt", content: bigList(600) } }),
      () => slot.call("compareCoordinatorList", { body: { file_name: "SAL de otra temporada.txt", content: bigList(10), season: "S27" } }),
      () => slot.call("downloadCoordinatorListComparison", { body: { file_name: "SAL grande.txt", content: bigList(300) } }),
      () => slot.call("previewDataLoad", { body: { kind: "schedule", file_name: "real.ssim", content: REAL_SHAPED } }),
      () => slot.call("previewDataLoad", { body: { kind: "schedule", file_name: "ejemplo.ssim", content: EXAMPLE } }),
      () => slot.call("previewDataLoad", { body: { kind: "mvt", file_name: "llegada.mvt", content: MVT } }),
      () => slot.call("previewDataLoad", { body: { kind: "flights", file_name: "vacío.csv", content: "\n\n" } }),
    ];
    const answers = async () => {
      const out: Array<{ status: number; text: string }> = [];
      for (const call of calls) {
        const { status, text, bytes } = await call();
        // The .xlsx holds its creation time, so its bytes differ from run to run: its cells are compared.
        out.push({ status, text: text.startsWith("PK") ? await workbookCells(bytes) : text });
      }
      return out;
    };
    process.env.SLOTDESK_WORKERS = "0";
    const inThread = await answers();
    delete process.env.SLOTDESK_WORKERS;
    const pooled = await answers();
    expect(pooled).toEqual(inThread);
    expect(inThread.map((a) => a.status)).toEqual([200, 400, 200, 200, 200, 200, 400]);
  });

  it("keeps answering /api/health/ while four big schedules are previewed at once, and each preview answers as in the request thread", async () => {
    const content = bigSchedule(6_000);
    expect(Buffer.byteLength(JSON.stringify({ kind: "schedule", content }))).toBeGreaterThan(1024 * 1024);
    const preview = () => slot.call("previewDataLoad", { body: { kind: "schedule", file_name: "grande.ssim", content } });
    process.env.SLOTDESK_WORKERS = "0";
    const inThread = await preview();
    expect(inThread.status).toBe(200);
    delete process.env.SLOTDESK_WORKERS;

    let previewed = 0;
    const previews = Array.from({ length: 4 }, () =>
      preview().finally(() => {
        previewed++;
      }),
    );
    // Health asked again and again until the last preview answers. In the request thread the four
    // bodies were parsed and checked, the flights received and planned, and the answers serialised
    // there, four at a time, and the previews' statements queued before health's: health got few
    // answers in between (none while the bodies were read).
    let answeredMeanwhile = 0;
    const client = server.client();
    while (previewed < 4) {
      const health = await client.request({ method: "GET", url: "/api/health/" });
      expect(health.status).toBe(200);
      if (previewed < 4) answeredMeanwhile++;
      await new Promise((next) => setTimeout(next, 1));
    }
    const answers = await Promise.all(previews);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(inThread.text);
    }
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(40);
  });

  it("refuses a big body read in the worker pool exactly as a small one read in the request thread", async () => {
    const big = "x".repeat(1024 * 1024 + 10);
    const raw = (payload: string) => slot.call("previewDataLoad", { rawBody: payload });
    const pairs = [
      // Not JSON.
      [`{"kind":"schedule","content":"${big}"`, `{"kind":"schedule","content":"x"`],
      // A field the contract does not know, and a kind it does not have.
      [JSON.stringify({ kind: "horario", content: big, extra: 1 }), JSON.stringify({ kind: "horario", content: "x", extra: 1 })],
      // U+0000 in the file's text.
      [JSON.stringify({ kind: "schedule", content: `${big}\u0000` }), JSON.stringify({ kind: "schedule", content: "x\u0000" })],
      // A __proto__ key (Fastify's parser refuses it).
      [`{"kind":"schedule","content":"${big}","__proto__":{"a":1}}`, `{"kind":"schedule","content":"x","__proto__":{"a":1}}`],
    ];
    for (const [bigBody, smallBody] of pairs) {
      const [bigAnswer, smallAnswer] = [await raw(bigBody ?? ""), await raw(smallBody ?? "")];
      expect(smallAnswer.status).toBe(400);
      expect({ status: bigAnswer.status, text: bigAnswer.text }).toEqual({ status: smallAnswer.status, text: smallAnswer.text });
    }
  });

  it("keeps answering /api/health/ while four bodies of 20 MB are read and checked at once", async () => {
    // Each content is one character over the limit: all the work is reading the body and checking
    // it against the schema (every character counted). In the request thread the four were read
    // one after another and health got an answer only between two of them.
    const payload = JSON.stringify({ kind: "schedule", file_name: "demasiado.ssim", content: "x".repeat(20_000_001) });
    let read = 0;
    const bodies = Array.from({ length: 4 }, () =>
      slot.call("previewDataLoad", { rawBody: payload }).finally(() => {
        read++;
      }),
    );
    let answeredMeanwhile = 0;
    const client = server.client();
    while (read < 4) {
      const health = await client.request({ method: "GET", url: "/api/health/" });
      expect(health.status).toBe(200);
      if (read < 4) answeredMeanwhile++;
      await new Promise((next) => setTimeout(next, 1));
    }
    for (const answer of await Promise.all(bodies)) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ message: "El campo «content» debe tener como máximo 20000000 caracteres." });
    }
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(30);
  });
});
