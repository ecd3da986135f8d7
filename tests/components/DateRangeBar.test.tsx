import { act, cleanup, render as renderDom, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { AdminContext, memoryStore } from "react-admin";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i18nProvider } from "../../src/client/i18n/i18nProvider";
import { DateRangeBar } from "../../src/app/layout/DateRangeBar";
import { preloadRangeDatePicker } from "../../src/app/layout/RangeDateField";
import {
  PRESET_STORAGE_KEY,
  RANGE_EVENT,
  RANGE_STORAGE_KEY,
  readStoredRange,
  readStoredZone,
  useStoredRange,
  writeStoredRange,
  writeStoredZone,
  ZONE_STORAGE_KEY,
} from "../../src/client/dates/rangeStorage";
import type { DateRange } from "../../src/domain/dateRange";

// Sunday 2026-11-22, 12:00 in Mexico City.
const NOW = new Date("2026-11-22T18:00:00Z");
const clock = () => new Date(NOW.getTime());

/** The bar reads its texts through useTranslate(): render it with the app's i18nProvider, as in the app. */
function WithI18n({ children }: { children: ReactNode }) {
  return (
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      {children}
    </AdminContext>
  );
}

function render(ui: ReactElement) {
  return renderDom(ui, { wrapper: WithI18n });
}

function storedRangeText(): string | null {
  return window.localStorage.getItem(RANGE_STORAGE_KEY);
}

function storedPreset(): string | null {
  return window.localStorage.getItem(PRESET_STORAGE_KEY);
}

function store(range: [string, string], preset: string) {
  window.localStorage.setItem(RANGE_STORAGE_KEY, JSON.stringify(range));
  window.localStorage.setItem(PRESET_STORAGE_KEY, preset);
}

function presetSelect(): HTMLElement {
  return screen.getByRole("combobox", { name: /Periodo/ });
}

function input(label: "Desde" | "Hasta"): HTMLInputElement {
  const element = screen.getByLabelText(label, { selector: "input" });
  if (!(element instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return element;
}

function captureRangeEvents(): DateRange[] {
  const events: DateRange[] = [];
  const listener = (event: Event) => {
    if (event instanceof CustomEvent) events.push(event.detail);
  };
  window.addEventListener(RANGE_EVENT, listener);
  listeners.push(listener);
  return events;
}

const listeners: Array<(event: Event) => void> = [];

// The calendar's code loads on demand (issue 35); loaded once here, the tests that open a calendar
// wait for it to show, not for a module import that can take seconds under jsdom.
beforeAll(async () => {
  await preloadRangeDatePicker();
}, 60_000);

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  for (const listener of listeners.splice(0)) window.removeEventListener(RANGE_EVENT, listener);
  window.localStorage.clear();
});

describe("DateRangeBar", () => {
  it("stores today's range with preset 'today' when nothing is stored", () => {
    const events = captureRangeEvents();
    render(<DateRangeBar view="table" now={clock} />);

    expect(storedRangeText()).toBe('["2026-11-22","2026-11-22"]');
    expect(storedPreset()).toBe("today");
    expect(events).toEqual([{ start: "2026-11-22", end: "2026-11-22" }]);
    expect(presetSelect().textContent).toBe("Hoy");
    expect(input("Desde").value).toBe("22/11/2026");
    expect(input("Hasta").value).toBe("22/11/2026");
  });

  it.each([
    ["reversed dates", '["2026-11-23","2026-11-21"]'],
    ["an impossible date", '["2026-02-30","2026-03-01"]'],
    ["three dates", '["2026-11-21","2026-11-22","2026-11-23"]'],
    ["an object instead of an array", '{"start":"2026-11-21","end":"2026-11-22"}'],
    ["text that is not JSON", "ayer"],
  ])("replaces invalid stored data (%s) with today's range", (_name, raw) => {
    window.localStorage.setItem(RANGE_STORAGE_KEY, raw);
    window.localStorage.setItem(PRESET_STORAGE_KEY, "custom");
    render(<DateRangeBar view="table" now={clock} />);

    expect(storedRangeText()).toBe('["2026-11-22","2026-11-22"]');
    expect(storedPreset()).toBe("today");
    expect(input("Desde").value).toBe("22/11/2026");
  });

  it("choosing 'Ayer' stores yesterday's range and announces it", async () => {
    const user = userEvent.setup();
    render(<DateRangeBar view="table" now={clock} />);
    const events = captureRangeEvents();

    await user.click(presetSelect());
    await user.click(screen.getByRole("option", { name: "Ayer" }));

    expect(storedRangeText()).toBe('["2026-11-21","2026-11-21"]');
    expect(storedPreset()).toBe("yesterday");
    expect(events).toEqual([{ start: "2026-11-21", end: "2026-11-21" }]);
    expect(presetSelect().textContent).toBe("Ayer");
    expect(input("Desde").value).toBe("21/11/2026");
    expect(input("Hasta").value).toBe("21/11/2026");
  });

  it("choosing 'Esta semana' stores Monday..Sunday", async () => {
    const user = userEvent.setup();
    render(<DateRangeBar view="report" now={clock} />);

    await user.click(presetSelect());
    await user.click(screen.getByRole("option", { name: "Esta semana" }));

    expect(storedRangeText()).toBe('["2026-11-16","2026-11-22"]');
    expect(storedPreset()).toBe("this_week");
    expect(input("Desde").value).toBe("16/11/2026");
    expect(input("Hasta").value).toBe("22/11/2026");
  });

  it("the arrows shift the range by one day and switch to 'Personalizado'", async () => {
    const user = userEvent.setup();
    store(["2026-11-21", "2026-11-23"], "next_48h");
    render(<DateRangeBar view="table" now={clock} />);
    expect(presetSelect().textContent).toBe("Próximas 48h");

    await user.click(screen.getByRole("button", { name: "Día anterior" }));
    expect(storedRangeText()).toBe('["2026-11-20","2026-11-22"]');
    expect(storedPreset()).toBe("custom");
    expect(presetSelect().textContent).toBe("Personalizado");
    expect(input("Desde").value).toBe("20/11/2026");
    expect(input("Hasta").value).toBe("22/11/2026");

    await user.click(screen.getByRole("button", { name: "Día siguiente" }));
    await user.click(screen.getByRole("button", { name: "Día siguiente" }));
    expect(storedRangeText()).toBe('["2026-11-22","2026-11-24"]');
    expect(presetSelect().textContent).toBe("Personalizado");
  });

  it("the arrows cross month and year ends", async () => {
    const user = userEvent.setup();
    store(["2026-12-31", "2026-12-31"], "today");
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(screen.getByRole("button", { name: "Día siguiente" }));
    expect(storedRangeText()).toBe('["2027-01-01","2027-01-01"]');
    expect(input("Desde").value).toBe("01/01/2027");
  });

  it("the dashboard's preset list has no 'Este mes' nor 'Temporada'", async () => {
    const user = userEvent.setup();
    render(<DateRangeBar view="dashboard" now={clock} />);

    await user.click(presetSelect());
    const names = within(screen.getByRole("listbox"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(names).toEqual(["Semana P.", "Ayer", "Hoy", "Esta semana", "Próximas 24h", "Próximas 48h", "Próximas 72h"]);
  });

  it("the table's preset list has every preset in order, without 'Personalizado' unless active", async () => {
    const user = userEvent.setup();
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(presetSelect());
    const names = within(screen.getByRole("listbox"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(names).toEqual([
      "Semana P.",
      "Ayer",
      "Hoy",
      "Esta semana",
      "Este mes",
      "Mes pasado",
      "Temporada",
      "Temp. Pasada",
      "Próximas 24h",
      "Próximas 48h",
      "Próximas 72h",
    ]);
  });

  it("lists 'Personalizado' as the selected entry while the preset is custom", async () => {
    const user = userEvent.setup();
    store(["2026-11-21", "2026-12-05"], "custom");
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(presetSelect());
    const selected = within(screen.getByRole("listbox")).getByRole("option", { selected: true });
    expect(selected.textContent).toBe("Personalizado");
  });

  it("shows a stored range on mount without rewriting it", () => {
    store(["2026-11-21", "2026-12-05"], "custom");
    const events = captureRangeEvents();
    render(<DateRangeBar view="table" now={clock} />);

    expect(input("Desde").value).toBe("21/11/2026");
    expect(input("Hasta").value).toBe("05/12/2026");
    expect(presetSelect().textContent).toBe("Personalizado");
    expect(storedRangeText()).toBe('["2026-11-21","2026-12-05"]');
    expect(events).toEqual([]);
  });

  it("on the dashboard, a stored 'Este mes' shows 'Personalizado' but keeps the stored dates", () => {
    store(["2026-11-01", "2026-11-30"], "this_month");
    render(<DateRangeBar view="dashboard" now={clock} />);

    expect(presetSelect().textContent).toBe("Personalizado");
    expect(input("Desde").value).toBe("01/11/2026");
    expect(input("Hasta").value).toBe("30/11/2026");
    expect(storedRangeText()).toBe('["2026-11-01","2026-11-30"]');
    expect(storedPreset()).toBe("this_month");
  });

  it("the same stored 'Este mes' shows its label on the table", () => {
    store(["2026-11-01", "2026-11-30"], "this_month");
    render(<DateRangeBar view="table" now={clock} />);

    expect(presetSelect().textContent).toBe("Este mes");
  });

  it("the picker inputs are read-only", async () => {
    const user = userEvent.setup();
    store(["2026-11-21", "2026-11-21"], "yesterday");
    render(<DateRangeBar view="table" now={clock} />);

    for (const label of ["Desde", "Hasta"] as const) {
      expect(input(label).readOnly).toBe(true);
      await user.type(input(label), "12");
      expect(input(label).value).toBe("21/11/2026");
    }
    expect(storedRangeText()).toBe('["2026-11-21","2026-11-21"]');
    expect(storedPreset()).toBe("yesterday");
  });

  it("picking an end date in the calendar makes the range custom", async () => {
    const user = userEvent.setup();
    store(["2026-11-21", "2026-11-22"], "last_week");
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(input("Hasta"));
    const calendar = await screen.findByRole("grid");
    await user.click(within(calendar).getByRole("gridcell", { name: "25" }));

    expect(storedRangeText()).toBe('["2026-11-21","2026-11-25"]');
    expect(storedPreset()).toBe("custom");
    expect(input("Hasta").value).toBe("25/11/2026");
    expect(presetSelect().textContent).toBe("Personalizado");
  });

  it("picking the same 'Hasta' again after a preset changed it is not ignored (issue 36 item 3)", async () => {
    const user = userEvent.setup();
    store(["2026-11-21", "2026-11-22"], "last_week");
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(input("Hasta"));
    await user.click(within(await screen.findByRole("grid")).getByRole("gridcell", { name: "25" }));
    expect(storedRangeText()).toBe('["2026-11-21","2026-11-25"]');

    await user.click(presetSelect());
    await user.click(screen.getByRole("option", { name: "Ayer" }));
    expect(storedRangeText()).toBe('["2026-11-21","2026-11-21"]');

    await user.click(input("Hasta"));
    await user.click(within(await screen.findByRole("grid")).getByRole("gridcell", { name: "25" }));
    expect(storedRangeText()).toBe('["2026-11-21","2026-11-25"]');
    expect(storedPreset()).toBe("custom");
    expect(input("Hasta").value).toBe("25/11/2026");
  });

  it("'Temporada' is the IATA season holding today: W26, 25/10/2026 to 27/03/2027", async () => {
    const user = userEvent.setup();
    render(<DateRangeBar view="table" now={clock} />);
    await user.click(presetSelect());
    await user.click(screen.getByRole("option", { name: "Temporada" }));
    expect(storedRangeText()).toBe('["2026-10-25","2027-03-27"]');
    expect(input("Desde").value).toBe("25/10/2026");
    expect(input("Hasta").value).toBe("27/03/2027");
  });

  it("the calendar button opens the calendar of its date", async () => {
    const user = userEvent.setup();
    store(["2026-11-10", "2026-11-12"], "custom");
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(screen.getByRole("button", { name: "Elige fecha, la fecha elegida es 10/11/2026" }));
    const calendar = await screen.findByRole("grid");
    expect(within(calendar).getByRole("gridcell", { name: "10" })).toHaveAttribute("aria-selected", "true");
    await user.click(within(calendar).getByRole("gridcell", { name: "5" }));

    expect(storedRangeText()).toBe('["2026-11-05","2026-11-12"]');
    expect(input("Desde").value).toBe("05/11/2026");
  });

  it("picking a start after the end moves the end to the start", async () => {
    const user = userEvent.setup();
    store(["2026-11-10", "2026-11-12"], "custom");
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(input("Desde"));
    const calendar = await screen.findByRole("grid");
    await user.click(within(calendar).getByRole("gridcell", { name: "20" }));

    expect(storedRangeText()).toBe('["2026-11-20","2026-11-20"]');
    expect(input("Desde").value).toBe("20/11/2026");
    expect(input("Hasta").value).toBe("20/11/2026");
  });

  it("picking an end before the start moves the start to the end", async () => {
    const user = userEvent.setup();
    store(["2026-11-10", "2026-11-12"], "custom");
    render(<DateRangeBar view="table" now={clock} />);

    await user.click(input("Hasta"));
    const calendar = await screen.findByRole("grid");
    await user.click(within(calendar).getByRole("gridcell", { name: "3" }));

    expect(storedRangeText()).toBe('["2026-11-03","2026-11-03"]');
    expect(input("Desde").value).toBe("03/11/2026");
  });
});

/** Shows what a view gets from useStoredRange. */
function Probe() {
  const range = useStoredRange();
  return (
    <output aria-label="rango">
      {range.start}/{range.end}
    </output>
  );
}

describe("rangeStorage", () => {
  it("readStoredRange reads the two-date array and rejects anything else", () => {
    expect(readStoredRange()).toBeNull();
    store(["2026-11-21", "2026-11-22"], "custom");
    expect(readStoredRange()).toEqual({ start: "2026-11-21", end: "2026-11-22" });
    window.localStorage.setItem(RANGE_STORAGE_KEY, '["2026-11-22"]');
    expect(readStoredRange()).toBeNull();
    window.localStorage.setItem(RANGE_STORAGE_KEY, "[20261121, 20261122]");
    expect(readStoredRange()).toBeNull();
  });

  it("writeStoredRange stores both keys and dispatches the event", () => {
    const events = captureRangeEvents();
    writeStoredRange({ start: "2026-11-21", end: "2026-11-22" }, "custom");
    expect(storedRangeText()).toBe('["2026-11-21","2026-11-22"]');
    expect(storedPreset()).toBe("custom");
    expect(events).toEqual([{ start: "2026-11-21", end: "2026-11-22" }]);
  });

  it("writeStoredRange refuses an invalid range", () => {
    expect(() => writeStoredRange({ start: "2026-11-22", end: "2026-11-21" }, "custom")).toThrow(RangeError);
    expect(storedRangeText()).toBeNull();
  });

  it("useStoredRange follows changes made in another tab (storage event)", async () => {
    store(["2026-11-21", "2026-11-21"], "yesterday");
    render(<Probe />);
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-21/2026-11-21");

    store(["2026-12-01", "2026-12-31"], "this_month");
    await act(async () => {
      window.dispatchEvent(new StorageEvent("storage", { key: RANGE_STORAGE_KEY }));
    });
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-12-01/2026-12-31");
  });

  it("useStoredRange follows the bar's changes", async () => {
    const user = userEvent.setup();
    store(["2026-11-21", "2026-11-21"], "yesterday");
    render(
      <>
        <DateRangeBar view="table" now={clock} />
        <Probe />
      </>,
    );
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-21/2026-11-21");

    await user.click(screen.getByRole("button", { name: "Día siguiente" }));
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-22/2026-11-22");

    await user.click(presetSelect());
    await user.click(screen.getByRole("option", { name: "Próximas 72h" }));
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-22/2026-11-25");
  });
});

describe("the days of the zone the user looks in (DESIGN.md §6)", () => {
  // Sunday 22/11 at 18:30 in Mexico City: already Monday 23/11 in UTC.
  const EVENING = new Date("2026-11-23T00:30:00Z");
  const evening = () => new Date(EVENING.getTime());

  it("'Hoy' at 18:30 local is the Mexico City day with LOCAL (the default), and says so", () => {
    render(<DateRangeBar view="table" now={evening} />);
    expect(storedRangeText()).toBe('["2026-11-22","2026-11-22"]');
    expect(input("Desde").value).toBe("22/11/2026");
    expect(screen.getByTestId("range-zone")).toHaveTextContent("Hora local");
    expect(readStoredZone()).toBe("local");
  });

  it("'Hoy' at the same instant is the UTC day with UTC", async () => {
    window.localStorage.setItem(ZONE_STORAGE_KEY, "utc");
    const user = userEvent.setup();
    render(<DateRangeBar view="table" now={evening} />);
    expect(storedRangeText()).toBe('["2026-11-23","2026-11-23"]');
    expect(screen.getByTestId("range-zone")).toHaveTextContent("UTC");
    await user.click(presetSelect());
    await user.click(screen.getByRole("option", { name: "Ayer" }));
    expect(storedRangeText()).toBe('["2026-11-22","2026-11-22"]');
  });

  it("switching the zone moves a preset's range to the new zone's days and keeps a custom range's days", () => {
    render(
      <>
        <DateRangeBar view="table" now={evening} />
        <Probe />
      </>,
    );
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-22/2026-11-22");
    act(() => writeStoredZone("utc", EVENING));
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-23/2026-11-23");
    expect(storedPreset()).toBe("today");
    expect(screen.getByTestId("range-zone")).toHaveTextContent("UTC");
    act(() => writeStoredZone("local", EVENING));
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-22/2026-11-22");

    act(() => writeStoredRange({ start: "2026-11-10", end: "2026-11-12" }, "custom"));
    act(() => writeStoredZone("utc", EVENING));
    expect(screen.getByRole("status", { name: "rango" }).textContent).toBe("2026-11-10/2026-11-12");
    expect(window.localStorage.getItem(ZONE_STORAGE_KEY)).toBe("utc");
  });

  it("reads anything but 'utc' in storage as LOCAL", () => {
    window.localStorage.setItem(ZONE_STORAGE_KEY, "Europe/Madrid");
    expect(readStoredZone()).toBe("local");
  });
});
