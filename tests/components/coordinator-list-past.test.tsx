/**
 * Issue 36 item 5 in the Lista del coordinador tab: a difference whose dates run from before today
 * is applied from today on by default; the confirmation names the past dates with a warning (they
 * change Monitoreo's weeks) and offers them separately; the notice says how many were left.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { findHeading, renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { useNodeForms } from "./nodeForms";

useNodeForms();

type Comparison = components["schemas"]["CoordinatorListComparison"];
type ApplyRequest = components["schemas"]["CoordinatorListApplyRequest"];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Three dates already flown and four to come. */
const DATES = [-3, -2, -1, 0, 1, 2, 3].map(day);

const COMPARISON: Comparison = {
  file_name: "SIR W26.txt",
  message_type: "SIR",
  season: "W26",
  message_date: day(-10),
  airport: "MEX",
  source: "según SIR del coordinador 21/11",
  lines: { data: 1, compared: 1, other_airlines: 0, not_held: 0, errors: 0 },
  register_slots: 7,
  list_slots: 7,
  series_equal: 0,
  totals: { differences: 1, wip: 0, only_here: 0, only_there: 0, days: 0, time: 1, aircraft: 0, seats: 0, service_type: 0 },
  series: [
    {
      id: "s1",
      flight: "VB1102",
      direction: "arrival",
      serie: 12,
      line: 6,
      line_text: "KVB1102 01DEC31DEC 1234567 180320 CUN1340 J",
      here: null,
      there: null,
      differences: [
        {
          key: "time-0123456789abcdef",
          kind: "time",
          here: "13:10",
          there: "13:40",
          dates: DATES.map((date) => ({ date, here: "13:10", there: "13:40", wip: false })),
          wip: false,
          uncertain: false,
        },
      ],
    },
  ],
  problems: [],
};

describe("the coordinator's list over past dates", () => {
  it("applies from today on unless the past dates are asked for, with the warning in the confirmation", async () => {
    const sent: ApplyRequest[] = [];
    server.use(
      http.post("/api/coordinator-list/compare/", ({ response }) => response(200).json(COMPARISON)),
      http.post("/api/coordinator-list/apply/", async ({ request, response }) => {
        const body = (await request.json()) as ApplyRequest;
        sent.push(body);
        return response(200).json({
          applied: 1,
          slots_created: 0,
          slots_changed: body.include_past ? 7 : 4,
          slots_cancelled: 0,
          rematched_dates: body.include_past ? 7 : 4,
          past_dates_left: body.include_past ? 0 : 3,
          source: COMPARISON.source,
          comparison: COMPARISON,
        });
      }),
    );
    signInAs("Slot");
    renderApp("/references-upload");
    await findHeading("Carga de referencias");
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole("tab", { name: "Lista del coordinador (SIR, SAL, SHL)" }));
    await user.upload(await screen.findByTestId("coordinator-list-file-input"), new File(["SIR\nW26\n21NOV\nMEX\n"], "SIR W26.txt", { type: "text/plain" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Comparar con el registro" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Comparar con el registro" }));

    await user.click(await screen.findByRole("checkbox", { name: "Seleccionar: Hora de VB1102" }));
    await user.click(screen.getByRole("button", { name: "Aplicar 1 diferencia" }));
    const dialog = await screen.findByRole("dialog", { name: "Aplicar diferencias al registro" });
    expect(dialog).toHaveTextContent("Se aplicará 1 diferencia al registro de Slotdesk");
    const last = DATES[2]?.split("-").reverse().join("/") ?? "";
    expect(dialog).toHaveTextContent(
      `3 fechas de lo elegido ya pasaron (la última, ${last}). Por omisión se aplica solo de hoy en adelante: corregir fechas pasadas cambia las semanas que Monitoreo ya reportó.`,
    );
    const past = within(dialog).getByRole("checkbox", { name: "Aplicar también las 3 fechas pasadas" });
    expect(past).not.toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText(/3 fechas pasadas quedaron sin aplicar: siguen en la comparación\.$/)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ keys: ["time-0123456789abcdef"], include_past: false });

    // Asked for: sent with include_past.
    await user.click(await screen.findByRole("checkbox", { name: "Seleccionar: Hora de VB1102" }));
    await user.click(screen.getByRole("button", { name: "Aplicar 1 diferencia" }));
    const again = await screen.findByRole("dialog", { name: "Aplicar diferencias al registro" });
    await user.click(within(again).getByRole("checkbox", { name: "Aplicar también las 3 fechas pasadas" }));
    await user.click(within(again).getByRole("button", { name: "Aplicar" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ include_past: true });
  });
});
