/**
 * The season start upload (issue 13 item 1, seed 002 §2, §5, §7): POST /api/slots/upload/ as
 * multipart, the template download, every bad input of the issue answered 406 with the sheet, row
 * and column, and nothing created by a refused file.
 */
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERIES_COLUMNS } from "../../src/domain/series";
import { queryRows } from "../../src/server/db/sql";
import type { components } from "../../src/generated/openapi";
import { assertMatchesContract, contract } from "./contract";
import { type ErrorBody, startServer, type TestClient, type TestServer } from "./harness";

type UploadResult = components["schemas"]["SeasonUploadResult"];

const NOW = new Date("2026-11-22T12:00:00Z"); // in W26; the template is for S27
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const W27 = { season_name: "W27", season_start: "2027-10-31", season_end: "2028-03-25", airport: "2" };
const S27 = { season_name: "S27", season_start: "2027-03-28", season_end: "2027-10-30", airport: "2" };

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  admin = await server.signIn("Admin");
});
afterAll(() => server.close());

type FileInput = { name: string; type: string; content: Buffer };

async function upload(client: TestClient, fields: Record<string, string>, file?: FileInput) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("xls_file", new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const request = new Request("http://slotdesk.test/", { method: "POST", body: form });
  const response = await client.request({
    method: "POST",
    url: "/api/slots/upload/",
    headers: { "content-type": request.headers.get("content-type") ?? "", "x-csrftoken": await client.csrfToken() },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  const op = contract.operations.find((o) => o.operationId === "uploadSeasonSlots");
  if (!op) throw new Error("uploadSeasonSlots is not in the contract");
  assertMatchesContract(op, response.status, String(response.headers["content-type"] ?? ""), response.text);
  return response;
}

const ROW = {
  arrival_flight: "VB1101",
  departure_flight: "VB1100",
  first_date: "2027-11-01",
  last_date: "2027-11-28",
  days: "1030507",
  seats: 180,
  aircraft_type: "320",
  origin: "CUN",
  arrival_time: "14:05",
  departure_time: "15:10",
  destination: "CUN",
  service_type: "J",
  status: "D",
};
type Row = Record<keyof typeof ROW, string | number | Date | null>;

async function spreadsheet(rows: Row[], headers: string[] = SERIES_COLUMNS.map((c) => c.header)): Promise<FileInput> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Series");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(SERIES_COLUMNS.map((c) => row[c.key]));
  return { name: "temporada.xlsx", type: XLSX, content: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

async function slotCount(season: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(server.handle.db, sql`select count(*)::int as n from slots where season = ${season}`);
  return row?.n ?? 0;
}

async function seasonExists(name: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(server.handle.db, sql`select id from seasons where name = ${name}`);
  return rows.length > 0;
}

describe("GET /api/slots/upload/template/ and POST /api/slots/upload/", () => {
  it("downloads the template, which uploads cleanly; a second upload of the season is 409", async () => {
    const template = await admin.request({ method: "GET", url: "/api/slots/upload/template/" });
    expect(template.status).toBe(200);
    expect(template.headers["content-type"]).toBe(XLSX);
    expect(String(template.headers["content-disposition"])).toContain("Plantilla%20inicio%20de%20temporada.xlsx");
    const file = { name: "Plantilla inicio de temporada.xlsx", type: XLSX, content: template.bytes };

    const created = await upload(admin, S27, file);
    expect(created.status, created.text).toBe(201);
    const body = created.json as UploadResult;
    // One turnaround over the whole of S27 (2027-03-28 … 2027-10-30, 217 days): two series.
    expect(body).toMatchObject({ series: 2, slots: 434, historic_slots: 434, new_slots: 0 });
    expect(body.season).toMatchObject({ name: "S27", start_date: "2027-03-28", end_date: "2027-10-30" });
    const bySerie = await queryRows<{ serie: number; n: number; arrivals: number; first: string }>(
      server.handle.db,
      sql`select serie, count(*)::int as n, count(*) filter (where is_arrival)::int as arrivals, min(date)::text as first
          from slots where season = 'S27' group by serie order by serie`,
    );
    expect(bySerie).toEqual([
      { serie: 1, n: 217, arrivals: 217, first: "2027-03-28" },
      { serie: 2, n: 217, arrivals: 0, first: "2027-03-28" },
    ]);
    const seasons = await admin.ok("listSeasons", { query: { name: "S27" } });
    expect(seasons.map((s) => s.name)).toEqual(["S27"]);

    const again = await upload(admin, S27, file);
    expect(again.status).toBe(409);
    expect((again.json as ErrorBody).message).toBe("Ya hay Slots asignados a la temporada");
    expect(await slotCount("S27")).toBe(434);
  });

  describe("bad input: 406 naming sheet, row and column; nothing created", () => {
    const refused = async (file: FileInput) => {
      const response = await upload(admin, W27, file);
      expect(response.status).toBe(406);
      const body = response.json as ErrorBody;
      expect(body.message).toBe("El archivo no cuenta con el formato adecuado");
      expect(await seasonExists("W27")).toBe(false);
      expect(await slotCount("W27")).toBe(0);
      return body.errors ?? [];
    };

    it("a file that is not xlsx", async () => {
      const [error] = await refused({ name: "temporada.pdf", type: "application/pdf", content: Buffer.from("%PDF-1.7 no") });
      expect(error?.message).toContain("no es un libro de Excel .xlsx");
    });

    it("a wrong column and a missing column", async () => {
      const headers: string[] = SERIES_COLUMNS.map((c) => c.header);
      headers[2] = "Desde";
      const wrong = await refused(await spreadsheet([ROW], headers));
      expect(wrong[0]).toMatchObject({ field: "Series!C1", line: 1, column: 3 });
      expect(wrong[0]?.message).toBe(
        "Hoja «Series», fila 1, columna C (Primera fecha), valor «Desde»: se esperaba la columna «Primera fecha»",
      );
      const missing = await refused(await spreadsheet([ROW], headers.slice(0, 12).map((h, i) => (i === 2 ? "Primera fecha" : h))));
      expect(missing[0]).toMatchObject({ field: "Series!M1", column: 13 });
      expect(missing[0]?.message).toContain("falta la columna «Estado»");
    });

    it("a row with a bad date", async () => {
      const badDate = { ...ROW, arrival_flight: "VB1201", departure_flight: "VB1200", first_date: "31/02/2027" };
      const [error] = await refused(await spreadsheet([ROW, badDate]));
      expect(error).toMatchObject({ field: "Series!C3", line: 3, column: 3 });
      expect(error?.message).toContain("Hoja «Series», fila 3, columna C (Primera fecha), valor «31/02/2027»");
    });

    it("days that do not agree with the period", async () => {
      // 2027-11-02 is a Tuesday, not one of the days 1030507.
      const [error] = await refused(await spreadsheet([{ ...ROW, first_date: "2027-11-02" }]));
      expect(error).toMatchObject({ field: "Series!E2", line: 2, column: 5 });
      expect(error?.message).toContain("no es un día de operación");
    });

    it("overlapping series", async () => {
      const errors = await refused(await spreadsheet([ROW, { ...ROW, first_date: "2027-11-15", last_date: "2027-12-27", days: "1" }]));
      expect(errors[0]).toMatchObject({ field: "Series!A3", line: 3, column: 1 });
      expect(errors[0]?.message).toContain("se superpone con la de la fila 2");
    });
  });

  it("refuses a form without the file, dates that are not the season's, a JSON body, and a form elsewhere", async () => {
    const noFile = await upload(admin, W27);
    expect(noFile.status).toBe(400);
    expect((noFile.json as ErrorBody).message).toBe("Selecciona un archivo antes de intentar guardar la información");
    const wrongDates = await upload(admin, { ...W27, season_start: "2027-11-01" }, await spreadsheet([ROW]));
    expect(wrongDates.status).toBe(400);
    expect((wrongDates.json as ErrorBody).message).toContain("regla IATA");
    const json = await admin.fail("uploadSeasonSlots", { body: W27 });
    expect(json.status).toBe(415);
    // Other operations still take JSON only.
    const form = new Request("http://slotdesk.test/", { method: "POST", body: (() => {
      const data = new FormData();
      data.append("name", "W27");
      return data;
    })() });
    const elsewhere = await admin.request({
      method: "POST",
      url: "/api/seasons/create/",
      headers: { "content-type": form.headers.get("content-type") ?? "", "x-csrftoken": await admin.csrfToken() },
      payload: Buffer.from(await form.arrayBuffer()),
    });
    expect(elsewhere.status).toBe(415);
    expect(await seasonExists("W27")).toBe(false);
  });

  it("refuses a file over 16 MiB with 413, creating nothing", async () => {
    const big = { name: "grande.xlsx", type: XLSX, content: Buffer.alloc(16 * 1024 * 1024 + 1, 0x20) };
    const response = await upload(admin, W27, big);
    expect(response.status).toBe(413);
    expect((response.json as ErrorBody).message).toBe("El archivo es demasiado grande.");
    expect(await seasonExists("W27")).toBe(false);
  });

  it("accepts the coordinator's SAL list: H lines historic, the rest new", async () => {
    const sal = [
      "SAL",
      "/",
      "W27",
      "01OCT",
      "MEX",
      "HVB1234 VB1235 01NOV28NOV 1030507 180320 MTY0700 0800MTY JJ",
      "KVB1237 02NOV23NOV 0200000 180320 MTY0900 J",
    ].join("\n");
    const response = await upload(admin, W27, { name: "SAL W27.txt", type: "text/plain", content: Buffer.from(sal) });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ series: 3, slots: 16 + 16 + 4, historic_slots: 32, new_slots: 4 });
    // Nothing was assumed: no warnings.
    expect(response.json).not.toHaveProperty("warnings");
    expect(await slotCount("W27")).toBe(36);
  });

  it("loads a SAL list with what the reader assumed, and answers each warning with its line and column", async () => {
    const W28 = { season_name: "W28", season_start: "2028-10-29", season_end: "2029-03-24", airport: "2" };
    // Monday only, written from a Monday to a Sunday: read as ending on its last operation (06NOV).
    const line = "KVB1301 06NOV12NOV 1000000 180320 MTY1000 J";
    const sal = ["SAL", "/", "W28", "01OCT", "MEX", line, "HVB1234 VB1235 06NOV26NOV 1030507 180320 MTY0700 0800MTY JJ"].join("\r\n");
    const response = await upload(admin, W28, { name: "SAL W28.txt", type: "text/plain", content: Buffer.from(sal) });
    expect(response.status).toBe(201);
    const body = response.json as UploadResult;
    expect(body).toMatchObject({ series: 3, slots: 1 + 12 + 12, historic_slots: 24, new_slots: 1 });
    expect(body.warnings).toEqual([
      {
        line: 6,
        column: 14,
        text: line,
        severity: "aviso",
        message:
          "Se asumió que la línea opera solo los días indicados dentro del periodo: la última fecha (12NOV, domingo) no es un día de operación; la última operación es el 06NOV",
      },
    ]);
    expect(await slotCount("W28")).toBe(25);
  });

  it("is for Admin only", async () => {
    for (const role of ["Slot", "Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      const refusedUpload = await upload(client, { ...W27, season_name: "S28" }, await spreadsheet([ROW]));
      expect(refusedUpload.status, role).toBe(403);
      expect((await client.fail("seasonUploadTemplate")).status, role).toBe(403);
    }
    expect((await server.client().fail("seasonUploadTemplate")).status).toBe(401);
  });
});
