/**
 * Live updates in the browser (issue 25 items 2 and 3), with the shell's EventSource replaced by
 * one the test drives: another user's change reloads Entrega de turno quietly and marks only the
 * row that changed; the user's own change reloads nothing; the top bar shows who is here.
 */
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiClient } from "../../src/client/api/client";
import { USERS, currentSeason, findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { TURNOVER_DAY, type TurnoverRow, turnoverRow } from "./turnoverRows";

/** The EventSources the shell opened; `emit` delivers a message as the server would. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const original = globalThis.EventSource;
beforeEach(() => {
  FakeEventSource.opened = [];
  Object.defineProperty(globalThis, "EventSource", { configurable: true, writable: true, value: FakeEventSource });
});
afterEach(() => {
  Object.defineProperty(globalThis, "EventSource", { configurable: true, writable: true, value: original });
});

/** A write sent from this tab (the user renames themself), answered by the server. */
async function writeInThisTab(): Promise<void> {
  server.use(http.post("/api/auth/change-name/", ({ response }) => response(200).json({ ...USERS.Slot })));
  await apiClient.POST("/api/auth/change-name/", { body: { name: USERS.Slot.name, last_name: USERS.Slot.last_name } });
}

const gridRow = (id: number) => document.querySelector<HTMLElement>(`.MuiDataGrid-row[data-id="${id}"]`);

describe("live updates", () => {
  it("reloads Entrega de turno when another user changes a match, marking only that row; not for the user's own change", async () => {
    let rows: TurnoverRow[] = [turnoverRow({ id: 201 }), turnoverRow({ id: 202 })];
    let calls = 0;
    server.use(
      http.post("/api/turnover/", ({ response }) => {
        calls += 1;
        return response(200).json(rows);
      }),
      http.get("/api/live/presence/", ({ response }) =>
        response(200).json([
          { user_id: USERS.Admin.id, name: USERS.Admin.name, last_name: USERS.Admin.last_name, match_ids: [] },
          { user_id: USERS.Slot.id, name: USERS.Slot.name, last_name: USERS.Slot.last_name, match_ids: [] },
        ]),
      ),
    );
    signInAs("Slot");
    localStorage.setItem("range", JSON.stringify([TURNOVER_DAY, TURNOVER_DAY]));
    renderApp("/turnover");
    await findHeading("Entrega de turno");
    await waitFor(() => expect(gridRow(202)).not.toBeNull());

    // Who is here: both people, named in the top bar.
    const here = await screen.findByTestId("presence");
    expect(here).toHaveAttribute("aria-label", expect.stringContaining("Ana Ramírez, Bruno Díaz"));

    const source = FakeEventSource.opened[0];
    if (!source) throw new Error("the shell opened no EventSource");
    expect(source.url).toMatch(/\/api\/live\/events\/$/);
    const before = calls;

    // The user's own change made in this tab: their mutation already refreshed what it touched.
    await act(() => writeInThisTab());
    act(() => source.emit({ type: "change", id: 5, kind: "match", ids: [202], actor_id: USERS.Slot.id, at: "2026-11-20T10:00:00Z" }));
    await new Promise((done) => setTimeout(done, 400));
    expect(calls).toBe(before);

    // Admin separates match 202: the rows are read again, and only 202 is marked.
    rows = [turnoverRow({ id: 201 }), turnoverRow({ id: 202, general_status: "X", slot_name: null })];
    act(() => source.emit({ type: "change", id: 6, kind: "match", ids: [202], actor_id: USERS.Admin.id, at: "2026-11-20T10:00:01Z" }));
    await waitFor(() => expect(calls).toBe(before + 1));
    await waitFor(() => expect(gridRow(202)).toHaveClass("live-changed"));
    expect(gridRow(201)).not.toHaveClass("live-changed");
  });
  it("reads who is here again when its stream opens (it may have been read before this browser's own arrival)", async () => {
    let presenceCalls = 0;
    server.use(
      http.get("/api/live/presence/", ({ response }) => {
        presenceCalls += 1;
        const people = [{ user_id: USERS.Admin.id, name: USERS.Admin.name, last_name: USERS.Admin.last_name, match_ids: [] }];
        if (presenceCalls > 1) people.push({ user_id: USERS.Slot.id, name: USERS.Slot.name, last_name: USERS.Slot.last_name, match_ids: [] });
        return response(200).json(people);
      }),
      http.post("/api/turnover/", ({ response }) => response(200).json([])),
    );
    signInAs("Slot");
    localStorage.setItem("range", JSON.stringify([TURNOVER_DAY, TURNOVER_DAY]));
    renderApp("/turnover");
    await findHeading("Entrega de turno");
    const here = await screen.findByTestId("presence");
    await waitFor(() => expect(here).toHaveAttribute("aria-label", expect.stringContaining("Ana Ramírez")));
    expect(here).not.toHaveAttribute("aria-label", expect.stringContaining("Bruno Díaz"));
    const source = FakeEventSource.opened[0];
    if (!source) throw new Error("the shell opened no EventSource");

    act(() => source.emit({ type: "hello", id: 0 }));
    await waitFor(() => expect(screen.getByTestId("presence")).toHaveAttribute("aria-label", expect.stringContaining("Bruno Díaz")));
  });

  it("reads who is here again when the stream opens while the first read is still on its way (it may have left before the arrival)", async () => {
    let presenceCalls = 0;
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    server.use(
      http.get("/api/live/presence/", async ({ response }) => {
        presenceCalls += 1;
        const call = presenceCalls;
        const people = [{ user_id: USERS.Admin.id, name: USERS.Admin.name, last_name: USERS.Admin.last_name, match_ids: [] }];
        // The first read answers what was true when it left: Ana only, and it arrives late.
        if (call === 1) await firstHeld;
        else people.push({ user_id: USERS.Slot.id, name: USERS.Slot.name, last_name: USERS.Slot.last_name, match_ids: [] });
        return response(200).json(people);
      }),
      http.post("/api/turnover/", ({ response }) => response(200).json([])),
    );
    signInAs("Slot");
    localStorage.setItem("range", JSON.stringify([TURNOVER_DAY, TURNOVER_DAY]));
    renderApp("/turnover");
    await findHeading("Entrega de turno");
    await waitFor(() => expect(presenceCalls).toBe(1));
    const source = FakeEventSource.opened[0];
    if (!source) throw new Error("the shell opened no EventSource");

    act(() => source.emit({ type: "hello", id: 0 }));
    await waitFor(() => expect(presenceCalls).toBe(2));
    releaseFirst();
    await waitFor(() => expect(screen.getByTestId("presence")).toHaveAttribute("aria-label", expect.stringContaining("Bruno Díaz")));
  });

  it("follows the same user's change made in their other tab: a justification there reads Histórico again here (issue 36 item 8)", async () => {
    let historyCalls = 0;
    server.use(
      http.get("/api/history/", ({ response }) => {
        historyCalls += 1;
        return response(200).json([]);
      }),
      // Histórico reads a season of the chosen airport's list (issue 37).
      http.get("/api/seasons/", ({ response }) => response(200).json([currentSeason()])),
    );
    signInAs("Slot");
    renderApp("/history");
    await findHeading("Histórico");
    await waitFor(() => expect(historyCalls).toBe(1));
    const source = FakeEventSource.opened[0];
    if (!source) throw new Error("the shell opened no EventSource");

    // Bruno (Slot) justifies a slot in his other tab: this tab sent nothing, and follows it.
    act(() => source.emit({ type: "change", id: 9, kind: "slot", ids: [101], actor_id: USERS.Slot.id, at: "2026-11-20T10:00:00Z" }));
    await waitFor(() => expect(historyCalls).toBe(2));
  });

  it("reads Histórico again when Admin changes the season's rule, not when the user changed it in this tab", async () => {
    let historyCalls = 0;
    server.use(
      http.get("/api/history/", ({ response }) => {
        historyCalls += 1;
        return response(200).json([]);
      }),
      // Histórico reads a season of the chosen airport's list (issue 37).
      http.get("/api/seasons/", ({ response }) => response(200).json([currentSeason()])),
    );
    signInAs("Slot");
    renderApp("/history");
    await findHeading("Histórico");
    await waitFor(() => expect(historyCalls).toBe(1));
    const source = FakeEventSource.opened[0];
    if (!source) throw new Error("the shell opened no EventSource");

    await act(() => writeInThisTab());
    act(() => source.emit({ type: "change", id: 7, kind: "season", ids: [1], actor_id: USERS.Slot.id, at: "2026-11-20T10:00:00Z" }));
    await new Promise((done) => setTimeout(done, 400));
    expect(historyCalls).toBe(1);

    act(() => source.emit({ type: "change", id: 8, kind: "season", ids: [1], actor_id: USERS.Admin.id, at: "2026-11-20T10:00:01Z" }));
    await waitFor(() => expect(historyCalls).toBe(2));
  });
});
