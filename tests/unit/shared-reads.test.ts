import { describe, expect, it } from "vitest";
import { SharedReads } from "../../src/server/turnover/sharedReads";

/** A read whose answer the test hands over when it wants. */
function controlledReads() {
  const started: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const work = () => new Promise<string>((resolve, reject) => started.push({ resolve, reject }));
  return { started, work };
}

describe("identical reads share one trip to the database", () => {
  it("gives the callers that arrive while a read runs one new read, started after it, not the running one's answer", async () => {
    const shared = new SharedReads<string>();
    const { started, work } = controlledReads();
    const first = shared.read("k", work);
    const second = shared.read("k", work);
    const third = shared.read("k", work);
    expect(started).toHaveLength(1);
    started[0]!.resolve("antes del cambio");
    expect(await first).toBe("antes del cambio");
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toHaveLength(2);
    started[1]!.resolve("después del cambio");
    expect(await second).toBe("después del cambio");
    expect(await third).toBe("después del cambio");
  });

  it("keeps different reads apart and starts afresh once nothing runs", async () => {
    const shared = new SharedReads<string>();
    const { started, work } = controlledReads();
    const a = shared.read("a", work);
    const b = shared.read("b", work);
    expect(started).toHaveLength(2);
    started[0]!.resolve("A");
    started[1]!.resolve("B");
    expect([await a, await b]).toEqual(["A", "B"]);
    const again = shared.read("a", work);
    expect(started).toHaveLength(3);
    started[2]!.resolve("A2");
    expect(await again).toBe("A2");
  });

  it("does not pass a failed read's error to the callers waiting for the next one", async () => {
    const shared = new SharedReads<string>();
    const { started, work } = controlledReads();
    const failing = shared.read("k", work);
    const waiting = shared.read("k", work);
    started[0]!.reject(new Error("conexión perdida"));
    await expect(failing).rejects.toThrow("conexión perdida");
    await new Promise((done) => setTimeout(done, 0));
    started[1]!.resolve("bien");
    expect(await waiting).toBe("bien");
  });
});
