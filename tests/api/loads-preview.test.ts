/**
 * The load preview lists which flights would change (issue 36 item 11): flight, date, field,
 * before → after, the first 5,000 with a total; a new flight is one "Nuevo vuelo" entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestClient, type TestServer } from "./harness";

const NOW = new Date("2026-11-24T12:00:00Z");
const HEADER = "flight_number;date;direction;origin;destination;std;sta;registration;aircraft_type;seats;service_type;status";
const FLIGHT_A = "VB950;2026-12-10;S;MEX;MTY;2026-12-10 14:00;2026-12-10 15:30;XA-VBA;320;180;J;D";
const FLIGHT_B = "VB951;2026-12-10;L;MTY;MEX;2026-12-10 16:00;2026-12-10 17:30;XA-VBA;320;180;J;D";
/** VB950 an hour later on another aircraft; VB951 as stored. */
const FLIGHT_A_CHANGED = "VB950;2026-12-10;S;MEX;MTY;2026-12-10 15:00;2026-12-10 15:30;XA-VBC;320;180;J;D";

let server: TestServer;
let slot: TestClient;

beforeAll(async () => {
  server = await startServer({ now: () => NOW });
  slot = await server.signIn("Slot");
});
afterAll(() => server.close());

describe("Cargas de datos: the preview lists the changes", () => {
  it("names a new flight, then each changed field of a stored one with before → after", async () => {
    const first = await slot.ok("previewDataLoad", { body: { kind: "flights", content: `${HEADER}\n${FLIGHT_A}\n${FLIGHT_B}\n` } });
    expect(first.changes).toEqual({
      total: 2,
      truncated: false,
      items: [
        { flight: "VB950", date: "2026-12-10", field: "Nuevo vuelo", before: "—", after: "MEX→MTY 10/12/2026 08:00" },
        { flight: "VB951", date: "2026-12-10", field: "Nuevo vuelo", before: "—", after: "MTY→MEX 10/12/2026 11:30" },
      ],
    });
    await slot.ok("applyDataLoad", { body: { kind: "flights", content: `${HEADER}\n${FLIGHT_A}\n${FLIGHT_B}\n` } });

    const preview = await slot.ok("previewDataLoad", { body: { kind: "flights", content: `${HEADER}\n${FLIGHT_A_CHANGED}\n${FLIGHT_B}\n` } });
    expect(preview.counts).toMatchObject({ new: 0, changed: 1, unchanged: 1 });
    expect(preview.changes.total).toBe(2);
    expect(preview.changes.truncated).toBe(false);
    expect(preview.changes.items).toEqual([
      { flight: "VB950", date: "2026-12-10", field: "Salida programada", before: "10/12/2026 08:00", after: "10/12/2026 09:00" },
      { flight: "VB950", date: "2026-12-10", field: "Matrícula", before: "XA-VBA", after: "XA-VBC" },
    ]);
  });

  it("lists no change for a file the store already holds", async () => {
    await slot.ok("applyDataLoad", { body: { kind: "flights", content: `${HEADER}\n${FLIGHT_A_CHANGED}\n${FLIGHT_B}\n` } });
    const again = await slot.ok("previewDataLoad", { body: { kind: "flights", content: `${HEADER}\n${FLIGHT_A_CHANGED}\n${FLIGHT_B}\n` } });
    expect(again.changes).toEqual({ items: [], total: 0, truncated: false });
  });

  it("lists the first 5,000 changes of a bigger file, in file order, with the total and truncated", async () => {
    const lines = Array.from({ length: 5_001 }, (_, i) => `VB${3000 + i};2026-12-12;S;MEX;MTY;2026-12-12 14:00;2026-12-12 15:30;XA-VBA;320;180;J;D`);
    const preview = await slot.ok("previewDataLoad", { body: { kind: "flights", content: `${HEADER}\n${lines.join("\n")}\n` } });
    expect(preview.counts.new).toBe(5_001);
    expect(preview.changes.total).toBe(5_001);
    expect(preview.changes.truncated).toBe(true);
    expect(preview.changes.items).toHaveLength(5_000);
    expect(preview.changes.items[0]?.flight).toBe("VB3000");
    expect(preview.changes.items[4_999]?.flight).toBe("VB7999");
  });
});
