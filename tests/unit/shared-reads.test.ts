import { describe, expect, it } from "vitest";
import { RecentAnswers } from "../../src/server/turnover/recentAnswers";
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

describe("a cold read answers everyone who came while it filled the cache", () => {
  it("gives the running read's answer to callers that arrived before its last statement started, and only to them", async () => {
    let tick = 0;
    const shared = new SharedReads<string>(() => ++tick);
    const steps: { readStarting: () => void; resolve: (value: string) => void }[] = [];
    const work = (readStarting: () => void) => {
      readStarting();
      return new Promise<string>((resolve) => steps.push({ readStarting, resolve }));
    };
    const first = shared.read("k", work);
    // Arrives during the first statement (the cold read that finds rows to fill)…
    const duringFill = shared.read("k", work);
    // …the fill is done and the rows are read again: that statement starts after the arrival.
    steps[0]!.readStarting();
    const duringReread = shared.read("k", work);
    steps[0]!.resolve("filas llenas");
    expect(await first).toBe("filas llenas");
    expect(await duringFill).toBe("filas llenas");
    // The caller that came after the last statement started waits for a read of its own.
    await new Promise((done) => setTimeout(done, 0));
    expect(steps).toHaveLength(2);
    steps[1]!.resolve("otra lectura");
    expect(await duringReread).toBe("otra lectura");
  });
});

describe("the last answers, kept with the fingerprint of their data", () => {
  it("gives an answer back only for the data it was read from, and forgets the least recently used", () => {
    const answers = new RecentAnswers<string>(2);
    answers.set("28 días", "v1", "filas v1");
    expect(answers.get("28 días", "v1")).toBe("filas v1");
    expect(answers.get("28 días", "v2")).toBeUndefined();
    answers.set("7 días", "v1", "semana");
    expect(answers.get("28 días", "v1")).toBe("filas v1");
    answers.set("1 día", "v1", "día");
    // "7 días" was used least recently.
    expect(answers.get("7 días", "v1")).toBeUndefined();
    expect(answers.get("28 días", "v1")).toBe("filas v1");
    expect(answers.get("1 día", "v1")).toBe("día");
  });
});
