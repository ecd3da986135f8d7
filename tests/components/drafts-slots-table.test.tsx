/**
 * A drafts slot list (Modificaciones, Cancelaciones; issue 36, texts): the frequency beside a date
 * is that shown date's weekday — a slot at 03:30 UTC on Wednesday 16 December is Tuesday 15
 * December in Mexico City, frequency 2 there and 3 in UTC.
 */
import { render, screen, within } from "@testing-library/react";
import { AdminContext } from "react-admin";
import { describe, expect, it } from "vitest";
import { writeStoredZone } from "../../src/client/dates/rangeStorage";
import { i18nProvider } from "../../src/client/i18n/i18nProvider";
import { SlotsTable } from "../../src/custom-views/drafts/slots/SlotsTable";
import { turnoverRow } from "./turnoverRows";

const row = turnoverRow({ id: 301, slot_id: 301, slot_date: "2026-12-16", slot_time: "03:30", slot_frequency: 3 });

function show() {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <SlotsTable variant="cancel" slots={{ status: "ready", rows: [row] }} emptyText="" onRemove={() => undefined} />
    </AdminContext>,
  );
  const [, body] = screen.getAllByRole("row");
  return within(body!).getAllByRole("cell").map((cell) => cell.textContent);
}

describe("a drafts slot list", () => {
  it("gives the frequency of the date it shows: local Tuesday 15/12/2026 is 2", () => {
    writeStoredZone("local");
    const cells = show();
    expect(cells[2]).toBe("15/12/2026");
    expect(cells[3]).toBe("2");
  });

  it("and in UTC, Wednesday 16/12/2026 is 3", () => {
    writeStoredZone("utc");
    const cells = show();
    expect(cells[2]).toBe("16/12/2026");
    expect(cells[3]).toBe("3");
  });
});
