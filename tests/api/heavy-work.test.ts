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
});
