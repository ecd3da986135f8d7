/**
 * The deviation chart of Histórico and Monitoreo's early warning (issue 36, texts): its minutes
 * axis always has a 0 tick — on time is the line the dots are read against — symmetric about it.
 */
import { describe, expect, it } from "vitest";
import { deviationTicks } from "../../src/custom-views/history/Punctuality";

describe("the deviation chart's minutes axis", () => {
  it.each([20, 23, 37, 64, 151])("has a 0 tick and covers ±%i minutes", (extent) => {
    const ticks = deviationTicks(extent);
    expect(ticks).toContain(0);
    expect(ticks).toEqual([...ticks].map((tick) => 0 - tick).reverse());
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(extent);
  });

  it("steps by whole multiples of 5 minutes", () => {
    expect(deviationTicks(20)).toEqual([-20, -10, 0, 10, 20]);
    expect(deviationTicks(23)).toEqual([-30, -15, 0, 15, 30]);
  });
});
