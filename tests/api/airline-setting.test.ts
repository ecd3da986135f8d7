/**
 * The airline is a setting (issue 22 item 4, README "The airline setting"): `airline` holds its
 * IATA and ICAO designators and the others it operates under, VB / VIV by default. Admin and Slot
 * change it; the draft lines, the altas and the schedule load follow it, and flights under any
 * of its designators are kept.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { altaDraftItem } from "../support/draftFixtures";
import { startServer, type TestClient, type TestServer } from "./harness";

type GenerateRequest = components["schemas"]["GenerateRequest"];

const EXAMPLE = readFileSync(join(__dirname, "../fixtures/schedule/example.ssim"), "latin1");
const NOW = new Date("2026-11-21T15:00:00Z");

let server: TestServer;
let admin: TestClient;
let slot: TestClient;
let seguimiento: TestClient;
let reportes: TestClient;
let seasonId = 0;
let settingId = 0;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  [admin, slot, seguimiento, reportes] = await Promise.all([
    server.signIn("Admin"),
    server.signIn("Slot"),
    server.signIn("Seguimiento"),
    server.signIn("Reportes"),
  ]);
  const [season] = await slot.ok("listSeasons", { query: { name: "W26" } });
  seasonId = season?.id ?? 0;
});
afterAll(() => server.close());

const altas = (request: string): GenerateRequest => ({
  airport: "MEX",
  season: seasonId,
  reference: 1,
  special_information: "pls confirm",
  general_information: "",
  action_code: 2,
  cc: [],
  slots: [{ id: "alta-1", change: null, request }],
  send_request: false,
  request_letter: "R",
});

describe("the airline setting", () => {
  it("is VB / VIV by default, read by every role", async () => {
    const [setting] = await reportes.ok("listSettings", { query: { names: "airline" } });
    expect(setting).toMatchObject({ name: "airline", value: { iata: "VB", icao: "VIV", other_designators: [] } });
    settingId = setting?.id ?? 0;
    expect(settingId).toBeGreaterThan(0);
  });

  it("is refused to Seguimiento and Reportes, and refuses designators that are not ones", async () => {
    const value = { iata: "Y4", icao: "VOI", other_designators: [] };
    for (const client of [seguimiento, reportes]) {
      expect((await client.fail("modifySetting", { body: { id: settingId, value } })).status).toBe(403);
    }
    for (const wrong of [
      { ...value, iata: "12" },
      { ...value, iata: "y4" },
      { ...value, icao: "VO" },
      { ...value, other_designators: ["VB1"] },
      { iata: "Y4", icao: "VOI" },
    ]) {
      const refused = await admin.fail("modifySetting", { body: { id: settingId, value: wrong } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]?.field).toMatch(/^value/);
    }
    const [unchanged] = await admin.ok("listSettings", { query: { names: "airline" } });
    expect(unchanged?.value).toEqual({ iata: "VB", icao: "VIV", other_designators: [] });
  });

  it("names the altas and checks the draft lines with the airline's designators", async () => {
    const alta = altaDraftItem("alta-1", "1250");
    const before = await slot.ok("encodeDraft", { body: { draft_type: "new", modification_action_code: 2, season_id: seasonId, new_slots: [alta] } });
    expect(before.encoded_slots[0]?.request).toBe("NVB1250 05DEC05DEC 0000060 180320 MTY0700 J");
    expect(await slot.ok("generateRequest", { body: altas("NVB1250 05DEC05DEC 0000060 180320 MTY0700 J") })).toMatchObject({ sent: false });

    const changed = await slot.ok("modifySetting", { body: { id: settingId, value: { iata: "Y4", icao: "VOI", other_designators: [] } } });
    expect(changed.value).toEqual({ iata: "Y4", icao: "VOI", other_designators: [] });
    // Auditoría names the setting as people read it, never by its field name.
    const entries = await admin.ok("listAuditLog", { query: { limit: 5 } });
    expect(entries.items.find((entry) => entry.action === "setting.modify")?.target_label).toBe("Aerolínea");

    const after = await slot.ok("encodeDraft", { body: { draft_type: "new", modification_action_code: 2, season_id: seasonId, new_slots: [alta] } });
    expect(after.encoded_slots[0]?.request).toBe("NY41250 05DEC05DEC 0000060 180320 MTY0700 J");
    const preview = await slot.ok("generateRequest", { body: altas("NY41250 05DEC05DEC 0000060 180320 MTY0700 J") });
    expect(preview.parts[0]?.text).toContain("NY41250 05DEC05DEC 0000060 180320 MTY0700 J");
    // The ICAO code is one of its designators too.
    expect(await slot.ok("generateRequest", { body: altas("NVOI1250 05DEC05DEC 0000060 180320 MTY0700 J") })).toMatchObject({ sent: false });

    const refused = await slot.fail("generateRequest", { body: altas("NVB1250 05DEC05DEC 0000060 180320 MTY0700 J") });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Línea 1, columna 2: El nombre de vuelo debe tener el formato Y4000(0)(X)");
  });

  it("keeps flights of another designator the airline operates under", async () => {
    await admin.ok("modifySetting", { body: { id: settingId, value: { iata: "Y4", icao: "VOI", other_designators: ["VB"] } } });
    // VB's legs are the airline's now: kept, not refused; and its draft lines too.
    const kept = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "example.ssim", content: EXAMPLE } });
    expect(kept).toMatchObject({ errors: 0, warnings: 0, loadable: true });
    expect(kept.counts).toMatchObject({ new: 27 });
    expect(await slot.ok("generateRequest", { body: altas("NVB1250 05DEC05DEC 0000060 180320 MTY0700 J") })).toMatchObject({ sent: false });
  });

  it("filters the schedule load by the airline's designators", async () => {
    await admin.ok("modifySetting", { body: { id: settingId, value: { iata: "Y4", icao: "VOI", other_designators: [] } } });
    const skipped = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "example.ssim", content: EXAMPLE } });
    expect(skipped).toMatchObject({ loadable: false, warnings: 1 });
    expect(skipped.counts).toMatchObject({ new: 0 });
    expect(skipped.problems.find((p) => p.severity === "aviso")?.message).toMatch(/de otras aerolíneas: VB.*Solo se leen los de Y4 \/ VOI\./);
    const refused = await slot.fail("applyDataLoad", { body: { kind: "schedule", content: EXAMPLE } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toContain("son de la aerolínea VB; la aerolínea configurada es Y4");

    // Back to the demo's airline: the same file loads as before.
    await admin.ok("modifySetting", { body: { id: settingId, value: { iata: "VB", icao: "VIV", other_designators: [] } } });
    const loaded = await slot.ok("previewDataLoad", { body: { kind: "schedule", file_name: "example.ssim", content: EXAMPLE } });
    expect(loaded.counts).toMatchObject({ new: 27 });
  });
});
