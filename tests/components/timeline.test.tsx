/**
 * The dashboard timeline ('AIMS view', seed 001 §2.2; issue 15 items 1 and 2) against msw
 * handlers typed from the contract: the header's hour positions in UTC and CDMX (through the zone
 * database, not a fixed shift), the day chips at hour 0, the 'AHORA' marker and its 5-minute
 * refresh, rows per registration with 'Slot sobrante' and '[VUELO SIN SLOT]', the tooltip, the
 * empty state, the resize reload and a chip opening the match viewer.
 */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { components } from "../../src/generated/openapi";
import { createTheme } from "@mui/material/styles";
import { theme } from "../../src/app/theme";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { NO_SLOT, TURNOVER_DAY, type TurnoverRow, turnoverRow } from "./turnoverRows";

type TurnoverRequest = components["schemas"]["TurnoverRequest"];

const DAY = TURNOVER_DAY;

/** A slot with no flight: every flight_* field empty, general status A. */
const leftover = (id: number, time: string): TurnoverRow =>
  turnoverRow({
    id,
    flight_id: null,
    flight_status: null,
    general_status: "A",
    flight_name: null,
    flight_route: null,
    flight_date: null,
    flight_scheduled: null,
    flight_estimated: null,
    flight_real: null,
    flight_register: null,
    flight_type: null,
    flight_aircraft: null,
    flight_actual_datetime_dep: null,
    flight_actual_datetime_arr: null,
    flight_scheduled_datetime_dep: null,
    flight_scheduled_datetime_arr: null,
    slot_time: time,
    scheduled_difference: null,
    real_difference: null,
    scheduled_class: "null_diff",
    real_class: "null_diff",
  });

const ROWS: TurnoverRow[] = [
  // 03:30Z (21:30 CDMX of the 9th): column 3 of a LOCAL window that starts at 00:00Z.
  turnoverRow({ id: 101, general_status: "OK" }),
  turnoverRow({ id: 102, ...NO_SLOT, flight_register: "XA-VBB", flight_scheduled: `${DAY}T05:10:00.000Z`, flight_real: null, is_arrival: false, flight_route: "MEX-CUN" }),
  leftover(103, "04:00"),
];

const serve = (rows: TurnoverRow[] = ROWS) => {
  const bodies: TurnoverRequest[] = [];
  server.use(
    http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
    http.post("/api/turnover/", async ({ request, response }) => {
      bodies.push(await request.json());
      return response(200).json(rows);
    }),
    http.get("/api/turnover/drafts/", ({ response }) =>
      response(200).json({
        new_slot_data: { season: null, list: [] },
        modification_data: { season: null, ids: [], action: 5, encoded: [] },
        cancellation_data: { season: null, ids: [] },
      }),
    ),
    // After the drafts: "{id}" would match "drafts" too.
    http.get("/api/turnover/{id}/", ({ params, response }) =>
      response(200).json(rows.filter((row) => String(row.id) === String(params.id))),
    ),
  );
  return bodies;
};

const open = async (range: [string, string] = [DAY, DAY], zone: "local" | "utc" = "local") => {
  signInAs("Slot");
  localStorage.setItem("range", JSON.stringify(range));
  localStorage.setItem("time_zone", zone);
  renderApp("/timeline");
  await findHeading("Dashboard");
};

/** Header cells of a row: their column's x and their text. */
const hourRow = (which: "utc" | "cdmx") =>
  screen.getAllByTestId(`timeline-hour-${which}`).map((cell) => [Number(cell.dataset.x), cell.textContent]);

/** The app's palette colour (the shell's theme). */
const getComputedStyleColor = (name: "error" | "primary") => createTheme(theme).palette[name].main;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the timeline header", () => {
  it("starts at 18:00 of the previous day, with the CDMX row read from the zone and day chips at hour 0", async () => {
    const bodies = serve();
    await open();
    await screen.findAllByTestId("timeline-chip");
    // LOCAL: 18:00 in Mexico City of the 9th is 00:00Z of the 10th; 96 px per hour.
    expect(hourRow("cdmx").slice(0, 3)).toEqual([
      [0, "18"],
      [96, "19"],
      [192, "20"],
    ]);
    expect(hourRow("utc").slice(0, 3)).toEqual([
      [0, "00"],
      [96, "01"],
      [192, "02"],
    ]);
    expect(screen.getAllByTestId("timeline-day-utc").map((chip) => [Number(chip.dataset.x), chip.textContent])).toEqual([[0, "10/11/2026"]]);
    expect(screen.getAllByTestId("timeline-day-cdmx").map((chip) => [Number(chip.dataset.x), chip.textContent])).toEqual([[576, "10/11/2026"]]);
    // The days around the window are asked for, in the zone of the range.
    expect(bodies[0]).toEqual({ start: "2026-11-09", end: "2026-11-12", time_zone: "America/Mexico_City", airport: "MEX" });
    // Only the columns on screen (plus a few) are rendered: 34 hours exist.
    expect(hourRow("utc").length).toBeLessThan(20);
  });

  it("reads CDMX through the zone database: in July 2022 Mexico City was UTC−5", async () => {
    serve([turnoverRow({ id: 101, flight_scheduled: "2022-07-01T03:30:00.000Z", slot_date: "2022-07-01" })]);
    await open(["2022-07-01", "2022-07-01"], "utc");
    await screen.findAllByTestId("timeline-chip");
    // UTC window: 18:00Z of June 30 is 13:00 in Mexico City then (12:00 today).
    expect(hourRow("utc")[0]).toEqual([0, "18"]);
    expect(hourRow("cdmx")[0]).toEqual([0, "13"]);
    expect(screen.getAllByTestId("timeline-day-cdmx").map((chip) => Number(chip.dataset.x))).toEqual([11 * 96]);
  });

  it("puts 'AHORA' at the current minute and moves it every 5 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], shouldAdvanceTime: true });
    vi.setSystemTime(new Date("2026-11-10T03:00:00.000Z"));
    serve();
    await open();
    await screen.findAllByTestId("timeline-chip");
    // 03:00Z is column 3 of the window (the fake clock keeps running: a few ms later at most).
    const x = Number(screen.getByTestId("timeline-now").dataset.x);
    expect(x).toBeGreaterThanOrEqual(288);
    expect(x).toBeLessThan(289);
    expect(screen.getByText("AHORA")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    await waitFor(() => expect(Number(screen.getByTestId("timeline-now").dataset.x)).toBeGreaterThanOrEqual(296));
    expect(Number(screen.getByTestId("timeline-now").dataset.x)).toBeLessThan(300);
  });
});

describe("the window and the hourly load", () => {
  it("shows at most 28 days of a longer stored range, and says so", async () => {
    const bodies = serve();
    await open(["2026-11-01", "2026-11-30"]);
    expect(await screen.findByText("Se muestran los primeros 28 días del periodo (del 01/11/2026 al 28/11/2026).")).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ start: "2026-10-31", end: "2026-11-30" });
  });

  it("draws slots and movements per hour under the header, the hours off the slots in red", async () => {
    serve();
    await open();
    await screen.findAllByTestId("timeline-chip");
    const red = getComputedStyleColor("error");
    const blue = getComputedStyleColor("primary");
    await waitFor(() => expect(document.querySelectorAll(".recharts-bar-rectangle").length).toBeGreaterThan(0));
    const fills = [...document.querySelectorAll(".recharts-bar-rectangle path")].map((path) => path.getAttribute("fill"));
    // 03h: the slot and the flight on it (blue); 04h: a leftover slot (no movement bar); 05h: a
    // flight without slot (red).
    expect(fills.filter((fill) => fill === blue)).toHaveLength(1);
    expect(fills.filter((fill) => fill === red)).toHaveLength(1);
  });
});

describe("the rows", () => {
  it("draws one row per registration, leftover slots in their own row, 96 px chips at their UTC hour", async () => {
    serve();
    await open();
    await screen.findAllByTestId("timeline-chip");
    expect(screen.getAllByTestId("timeline-aircraft").map((row) => row.textContent)).toEqual(["XA-VBA", "XA-VBB", "Slots sobrantes"]);
    const chips = screen.getAllByTestId("timeline-chip");
    expect(chips.map((chip) => [chip.textContent, chip.style.left, chip.dataset.status])).toEqual([
      ["L VB101", "289px", "OK"],
      ["[VUELO SIN SLOT]", "481px", "X"],
      ["Slot sobrante", "385px", "A"],
    ]);
  });

  it("shows direction, route, scheduled time and slot time on hover", async () => {
    serve();
    await open();
    const [match] = await screen.findAllByTestId("timeline-chip");
    if (!match) throw new Error("no chip");
    fireEvent.mouseEnter(match);
    const tooltip = await screen.findByTestId("timeline-tooltip");
    expect(tooltip).toHaveTextContent("Llegada");
    expect(tooltip).toHaveTextContent("Ruta: MTY-MEX");
    expect(tooltip).toHaveTextContent("Hora programada: 09/11/2026 21:30 CDMX");
    expect(tooltip).toHaveTextContent("Hora del slot: 09/11/2026 21:30 CDMX");
  });

  it("says so when the range has no flights", async () => {
    serve([]);
    await open();
    expect(await screen.findByText("No se han encontrado vuelos en el periodo seleccionado")).toBeInTheDocument();
    expect(screen.queryByTestId("timeline-chip")).not.toBeInTheDocument();
  });

  it("renders more columns after a window resize, once the 75 ms debounce has passed", async () => {
    serve();
    await open();
    await screen.findAllByTestId("timeline-chip");
    const before = hourRow("utc").length;
    vi.spyOn(window, "innerWidth", "get").mockReturnValue(3000);
    fireEvent(window, new Event("resize"));
    expect(hourRow("utc").length).toBe(before);
    await waitFor(() => expect(hourRow("utc").length).toBeGreaterThan(before + 10));
  });

  it("a chip opens the match viewer", async () => {
    serve();
    await open();
    const user = userEvent.setup();
    const [match] = await screen.findAllByTestId("timeline-chip");
    if (!match) throw new Error("no chip");
    await user.click(match);
    const dialog = await screen.findByRole("dialog", { name: /^Match 101/ }, { timeout: 5000 });
    expect(await within(dialog).findByText(/OK · W26 · 101/, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
