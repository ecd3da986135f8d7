/**
 * A live change of one flight on an open range (issue 35 item 4): the rows on screen read just the
 * changed matches (`ids` within the same range and filters) and patch them in — no read of the
 * whole range — and every other row keeps its object (selection, search and scroll stay).
 */
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { patchRows, patchTurnoverRows, type TurnoverRequest, type TurnoverRow } from "../../src/client/queries/turnover";
import { queryKeys } from "../../src/client/queries/keys";
import { http, server } from "./msw";
import { TURNOVER_DAY, turnoverRow } from "./turnoverRows";

const at = (time: string) => ({ slot_time: time });
const ROWS = [turnoverRow({ id: 1, ...at("06:00") }), turnoverRow({ id: 2, ...at("07:00") }), turnoverRow({ id: 3, ...at("08:00") })];

describe("patchRows", () => {
  it("puts a changed row in its place, a new one at its instant, drops a row the answer no longer holds, keeps the rest", () => {
    const changed = { ...turnoverRow({ id: 2, ...at("07:00") }), flight_real: `${TURNOVER_DAY}T07:20:00.000Z` };
    const added = turnoverRow({ id: 9, ...at("07:30") });
    const next = patchRows(ROWS, [2, 3, 9], [changed, added]);
    expect(next.map((row) => row.id)).toEqual([1, 2, 9]);
    expect(next[0]).toBe(ROWS[0]);
    expect(next[1]).toBe(changed);
  });
});

describe("patchTurnoverRows", () => {
  let client: QueryClient | null = null;
  afterEach(() => client?.clear());

  it("reads only the changed match of the range on screen, with its filters, and patches it in", async () => {
    const bodies: TurnoverRequest[] = [];
    const changed = { ...turnoverRow({ id: 2, ...at("07:00") }), flight_register: "XA-NEW" };
    server.use(
      http.post("/api/turnover/", async ({ request, response }) => {
        bodies.push(await request.json());
        return response(200).json([changed]);
      }),
    );
    client = new QueryClient();
    const request: TurnoverRequest = {
      start: "2026-11-01",
      end: "2026-11-30",
      time_zone: "America/Mexico_City",
      airport: "MEX",
      filter_status: { general_status: ["OK", "DIFF"] },
    };
    const queryKey = [...queryKeys.turnover, "rows", request];
    client.setQueryData<TurnoverRow[]>(queryKey, ROWS);
    // The view on screen observes the range.
    const unsubscribe = new QueryObserver(client, { queryKey, queryFn: () => ROWS, staleTime: Infinity }).subscribe(() => {});
    try {
      await patchTurnoverRows(client, [2]);
    } finally {
      unsubscribe();
    }
    expect(bodies).toEqual([{ ...request, ids: [2] }]);
    const rows = client.getQueryData<TurnoverRow[]>(queryKey) ?? [];
    expect(rows.map((row) => row.flight_register)).toEqual([ROWS[0]?.flight_register, "XA-NEW", ROWS[2]?.flight_register]);
    expect(rows[0]).toBe(ROWS[0]);
    expect(rows[2]).toBe(ROWS[2]);
  });
});
