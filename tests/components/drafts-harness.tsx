/**
 * The drafts modal's server, for its component tests: drafts kept in memory as the real server
 * keeps them (each saved section replaces the stored one), seasons, airports, the encode answer
 * built from the items (one valid line per item, the request time telling the encode action
 * apart), and turnover rows for `filter_slots`.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
// The drafts modal is lazy-loaded by the shell; loading it with this file keeps that one-time
// cost (seconds under jsdom on a busy machine) out of the first test's waits, as helpers.tsx does
// for the shell.
import "../../src/custom-views/drafts/DraftsModal";
import type { components } from "../../src/generated/openapi";
import { findSideMenu, type RoleName, renderApp, SEASONS, signInAs } from "./helpers";
import { http, server } from "./msw";
import { turnoverRow } from "./turnoverRows";

export type Drafts = components["schemas"]["Drafts"];
export type DraftsUpdate = components["schemas"]["DraftsUpdate"];
export type EncodeRequest = components["schemas"]["EncodeRequest"];
export type NewSlotDraftItem = components["schemas"]["NewSlotDraftItem"];

export const emptyDrafts = (): Drafts => ({
  new_slot_data: { season: null, form: {}, list: [] },
  modification_data: { season: null, ids: [], action: 5, encoded: [] },
  cancellation_data: { season: null, ids: [] },
});

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** `dd-MM-yyyy` → `DDMMM`. */
const ddmmm = (date: string) => `${date.slice(0, 2)}${MONTHS[Number(date.slice(3, 5)) - 1]}`;

/** Request times per encode action, so a test can tell which action encoded a line. */
export const ACTION_TIME: Record<number, string> = { 1: "0335", 2: "0340", 3: "0345", 4: "0350", 5: "0330" };

/** The C line the fake encoder writes for slot `id` (VB{id}, 10NOV, a Tuesday of W26). */
export const changeLine = (id: number) => `CVB${id} 10NOV10NOV 0200000 180320 MTY0330 J`;
export const requestLine = (id: number, action = 5, letter = "R") =>
  `${letter}VB${id} 10NOV10NOV 0200000 180320 MTY${ACTION_TIME[action]} J`;
export const cancelLine = (id: number) => `D VB${id} 10NOV10NOV 0200000 180320 0330MTY J`;
export const newLine = (item: NewSlotDraftItem) => {
  const days = "0000000".split("").map((zero, index) => (index + 1 === item.frequency ? String(item.frequency) : zero));
  const time = item.time.replace(":", "");
  const route = item.isArrival ? `${item.airport}${time}` : `${time}${item.airport}`;
  return `N${item.isArrival ? "" : " "}VB${item.flight} ${ddmmm(item.startDate)}${ddmmm(item.endDate)} ${days.join("")} ${item.psxCount}${item.aircraftType} ${route} ${item.flightType}`;
};

/** A stored, linked modification row of slot `id`. */
export const storedEntry = (id: number, request = requestLine(id)) => ({
  id: String(id),
  linked: true,
  data: { actual: { line: changeLine(id), ghost: false }, request: { line: request, ghost: false } },
});

export interface DraftsServer {
  saves: DraftsUpdate[];
  encodes: EncodeRequest[];
  deletes: string[];
  stored(): Drafts;
}

export interface ServeOptions {
  drafts?: Drafts;
  /** Holds each save until the test releases it. */
  gate?: () => Promise<void>;
  /** Answers saves with this error instead. */
  saveError?: { status: 400 | 409; message: string };
}

export function serveDrafts({ drafts = emptyDrafts(), gate, saveError }: ServeOptions = {}): DraftsServer {
  let stored = structuredClone(drafts);
  const calls: DraftsServer = { saves: [], encodes: [], deletes: [], stored: () => stored };
  server.use(
    http.get("/api/turnover/drafts/", ({ response }) => response(200).json(stored)),
    http.post("/api/turnover/drafts/", async ({ request, response }) => {
      const body = await request.json();
      calls.saves.push(body);
      if (gate) await gate();
      if (saveError) return response(saveError.status).json({ message: saveError.message });
      stored = {
        new_slot_data: body.new_slot_data ? { ...body.new_slot_data, form: body.new_slot_data.form ?? {} } : stored.new_slot_data,
        modification_data: body.modification_data ?? stored.modification_data,
        cancellation_data: body.cancellation_data ?? stored.cancellation_data,
      };
      return response(200).json(stored);
    }),
    http.delete("/api/turnover/drafts/", ({ query, response }) => {
      const type = query.get("type") ?? "";
      calls.deletes.push(type);
      const empty = emptyDrafts();
      if (type === "new") stored = { ...stored, new_slot_data: empty.new_slot_data };
      if (type === "modify") stored = { ...stored, modification_data: empty.modification_data };
      if (type === "cancel") stored = { ...stored, cancellation_data: empty.cancellation_data };
      return response(200).json(stored);
    }),
    http.get("/api/seasons/", ({ response }) => response(200).json(SEASONS)),
    http.get("/api/airport-list/", ({ response }) =>
      response(200).json([
        { id: 2, code: "MEX", name: "Internacional de la Ciudad de México", city: "Ciudad de México", country: "MX", time_zone: "America/Mexico_City", coordination_level: 3, active: true },
        { id: 3, code: "MTY", name: "Internacional de Monterrey", city: "Monterrey", country: "MX", time_zone: "America/Monterrey", coordination_level: null, active: false },
        { id: 4, code: "CUN", name: "Internacional de Cancún", city: "Cancún", country: "MX", time_zone: "America/Cancun", coordination_level: null, active: false },
      ]),
    ),
    http.post("/api/turnover/requests/encode/", async ({ request, response }) => {
      const body = await request.json();
      calls.encodes.push(body);
      if (body.draft_type === "new") {
        return response(200).json({
          encoded_slots: (body.new_slots ?? []).map((item) => ({ id: item.id, change: null, request: newLine(item) })),
        });
      }
      const items = body.items ?? [];
      if (body.draft_type === "cancel") {
        return response(200).json({ encoded_slots: items.map((id) => ({ id: String(id), change: null, request: cancelLine(id) })) });
      }
      return response(200).json({
        encoded_slots: items.map((id) => ({
          id: String(id),
          change: changeLine(id),
          request: requestLine(id, body.encode_action, body.request_letter ?? "R"),
        })),
      });
    }),
    http.post("/api/turnover/", async ({ request, response }) => {
      const body = await request.json();
      const ids = "filter_slots" in body ? body.filter_slots : [];
      return response(200).json(
        ids.map((slotId) => turnoverRow({ id: slotId - 1000, slot_id: slotId, slot_name: `VB${slotId}`, flight_name: `VB${slotId}` })),
      );
    }),
  );
  return calls;
}

/** A draft section of W26 holding these slots. */
export const modifyDrafts = (ids: number[], encoded = ids.map((id) => storedEntry(id)), action = 5): Drafts => ({
  ...emptyDrafts(),
  modification_data: { season: "W26", ids, action, encoded },
});

/** Signs in, opens Entrega de turno and the drafts modal on `entry` from the Borradores menu. */
export async function openDrafts(entry: "Altas" | "Modificaciones" | "Cancelaciones", role: RoleName = "Admin") {
  signInAs(role);
  renderApp("/turnover");
  await findSideMenu();
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Borradores" }));
  await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: entry }));
  const titles = { Altas: "Borrador de altas", Modificaciones: "Borrador de modificaciones", Cancelaciones: "Borrador de cancelaciones" };
  const dialog = await screen.findByRole("dialog", { name: titles[entry] }, { timeout: 5000 });
  return { dialog, user };
}

/** The editor's rows as the user reads them: the lines of each row, empty places as "·". */
export const editorRows = (dialog: HTMLElement): string[][] => {
  const list = within(dialog).queryByRole("list", { name: "Líneas del borrador" });
  if (!list) return [];
  return within(list)
    .getAllByRole("listitem")
    .map((row) =>
      Array.from(row.querySelectorAll<HTMLElement>("[data-line], [data-empty]")).map((cell) =>
        cell.dataset.empty !== undefined ? "·" : (cell.textContent ?? ""),
      ),
    );
};
