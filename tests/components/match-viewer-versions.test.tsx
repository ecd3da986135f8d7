/**
 * The match viewer when someone else saved first (issue 25): its writes send the version it read;
 * a 409 `STALE VERSION` shows the server's sentence with who and when and 'Recargar'; after
 * reloading, the other person's saved values are shown and what this user typed stays in the
 * fields, to be saved over the new version.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { renderApp, signInAs } from "./helpers";
import { http, server } from "./msw";
import { NO_CODES, TURNOVER_DAY, type TurnoverRow, turnoverRow } from "./turnoverRows";

type Affectation = components["schemas"]["Affectation"];

const ANA_SAID = "Ana Pérez cambió este match a las 10:42 (hora de México). Recargue para ver sus cambios; lo que usted escribió no se guardó.";
const STALE = (version: number) => ({
  message: ANA_SAID,
  code: "STALE VERSION" as const,
  changed_by: "Ana Pérez",
  changed_at: `${TURNOVER_DAY}T16:42:00.000Z`,
  current_version: version,
});

/** As Slot read it: version 3, one delay (93, 10 min). */
const READ: TurnoverRow = turnoverRow({
  id: 101,
  has_codes: true,
  codes: { ...NO_CODES, first_code: "93", first_time: 10 },
  observations: "",
  version: 3,
});
/** As Ana saved it meanwhile: version 4. */
const ANAS: TurnoverRow = {
  ...READ,
  codes: { ...NO_CODES, first_code: "41", first_time: 20 },
  observations: "Evaluado por A",
  version: 4,
};
const AFFECTATION: Affectation = { id: 7, code: "93", date: TURNOVER_DAY, affectation: "Rotación", affectation_number: 0, observations: "" };

function serve() {
  let current = READ;
  let affectation = AFFECTATION;
  // While held, the viewer's reads wait: a reopened viewer shows its cached row meanwhile.
  let held: Promise<void> | null = null;
  const waitIfHeld = async () => {
    if (held) await held;
  };
  const sent = { evaluations: [] as unknown[], affectations: [] as unknown[] };
  server.use(
    http.get("/api/auth/csrf/", ({ response }) => response(200).json({ csrftoken: "t".repeat(43) })),
    http.post("/api/turnover/", ({ response }) => response(200).json([current])),
    http.get("/api/turnover/codes/", ({ response }) =>
      response(200).json([
        { code: "41", description: "Falla técnica de la aeronave" },
        { code: "93", description: "Rotación de aeronave" },
      ]),
    ),
    http.get("/api/turnover/drafts/", ({ response }) =>
      response(200).json({
        new_slot_data: { season: null, list: [] },
        modification_data: { season: null, ids: [], action: 5, encoded: [] },
        cancellation_data: { season: null, ids: [] },
        version: 1,
      }),
    ),
    http.get("/api/turnover/{id}/", async ({ response }) => {
      await waitIfHeld();
      return response(200).json([current]);
    }),
    http.get("/api/turnover/{id}/changes/", ({ response }) => response(200).json([])),
    http.get("/api/turnover/{id}/affectations/", async ({ response }) => {
      await waitIfHeld();
      return response(200).json([affectation]);
    }),
    http.post("/api/turnover/{id}/slot_evaluation/", async ({ request, response }) => {
      const body = await request.json();
      sent.evaluations.push(body);
      if (body.version !== current.version) return response(409).json(STALE(current.version ?? 1));
      current = {
        ...current,
        codes: { ...NO_CODES, first_code: body.delays[0]?.code ?? null, first_time: body.delays[0]?.minutes ?? null },
        observations: body.observations ?? "",
        version: (current.version ?? 1) + 1,
      };
      return response(200).json(current);
    }),
    http.patch("/api/turnover/affectations/update/", async ({ request, response }) => {
      const body = await request.json();
      sent.affectations.push(body);
      if (body.version !== current.version) return response(409).json(STALE(current.version ?? 1));
      affectation = { ...affectation, affectation_number: body.affectation_number, observations: body.observations };
      current = { ...current, version: (current.version ?? 1) + 1 };
      return response(200).json({ ...affectation, version: current.version });
    }),
  );
  return {
    sent,
    /** The viewer's next reads wait until the returned function is called. */
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    /** Ana saves from her own viewer. */
    anaSaves: (changes: { row?: TurnoverRow; affectation?: Partial<Affectation> }) => {
      current = changes.row ?? { ...current, version: (current.version ?? 1) + 1 };
      affectation = { ...affectation, ...changes.affectation };
    },
  };
}


/** Clicks row 101 of Entrega de turno and waits for its viewer's cards. */
const clickRow = async (user: ReturnType<typeof userEvent.setup>) => {
  const cell = document.querySelector<HTMLElement>('.MuiDataGrid-row[data-id="101"] [data-field="season"]');
  if (!cell) throw new Error("no row 101");
  await user.click(cell);
  const dialog = await screen.findByRole("dialog", { name: /^Match 101/ });
  await within(dialog).findByRole("heading", { name: "Vuelo" });
  return dialog;
};

const openViewer = async () => {
  signInAs("Slot");
  localStorage.setItem("range", JSON.stringify([TURNOVER_DAY, TURNOVER_DAY]));
  renderApp("/turnover");
  // The first render of a file loads the lazy view: longer than findHeading's wait on a busy machine.
  await screen.findByRole("heading", { name: "Entrega de turno", level: 1 }, { timeout: 20_000 });
  await waitFor(() => expect(document.querySelector('.MuiDataGrid-row[data-id="101"]')).not.toBeNull(), { timeout: 5000 });
  const user = userEvent.setup();
  return { dialog: await clickRow(user), user };
};

/** Closes the viewer and opens it again while its reads are held: it shows what it had cached. */
const reopenHeld = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, hold: () => () => void) => {
  await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: /^Match 101/ })).not.toBeInTheDocument());
  const release = hold();
  return { dialog: await clickRow(user), release };
};

describe("the match viewer when someone else saved first", () => {
  it("shows who changed the match and when, reloads on 'Recargar' and keeps the typed delays and observations", async () => {
    const { sent, anaSaves } = serve();
    const { dialog, user } = await openViewer();
    await user.click(within(dialog).getByRole("button", { name: "Editar demoras" }));
    const first = within(dialog).getByRole("group", { name: "1ra demora" });
    await waitFor(() => expect(within(first).getByRole("combobox", { name: "Código de demora" })).toHaveValue("93 · Rotación de aeronave"));

    anaSaves({ row: ANAS });
    const minutes = within(first).getByRole("textbox", { name: "Minutos" });
    await user.clear(minutes);
    await user.type(minutes, "25");
    await user.type(within(first).getByRole("textbox", { name: "Causa" }), "Llegada tardía");
    const observations = within(dialog).getByRole("textbox", { name: "Observaciones" });
    await user.type(observations, "Observaciones de B");
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(ANA_SAID);
    expect(sent.evaluations).toEqual([
      { delays: [{ code: "93", minutes: 25, cause: "Llegada tardía" }], observations: "Observaciones de B", version: 3 },
    ]);
    expect(screen.queryByText("Información actualizada")).not.toBeInTheDocument();
    expect(minutes).toHaveValue("25");
    expect(observations).toHaveValue("Observaciones de B");

    await user.click(within(alert).getByRole("button", { name: "Recargar" }));
    await waitFor(() => expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument());
    // Ana's saved values, beside what Slot typed, which is still in the fields.
    const current = await within(dialog).findByLabelText("Guardado ahora por otra persona");
    expect(current).toHaveTextContent("Demoras: 41 20 min");
    expect(current).toHaveTextContent("Observaciones: Evaluado por A");
    expect(within(first).getByRole("textbox", { name: "Minutos" })).toHaveValue("25");
    expect(within(first).getByRole("textbox", { name: "Causa" })).toHaveValue("Llegada tardía");
    expect(within(dialog).getByRole("textbox", { name: "Observaciones" })).toHaveValue("Observaciones de B");

    // Saving again applies them knowingly, over Ana's version.
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(sent.evaluations[1]).toEqual({
      delays: [{ code: "93", minutes: 25, cause: "Llegada tardía" }],
      observations: "Observaciones de B",
      version: 4,
    });
    await waitFor(() => expect(within(dialog).queryByLabelText("Guardado ahora por otra persona")).not.toBeInTheDocument());
  }, 60_000);

  it("keeps a typed affectation through a 409 and shows the one saved meanwhile after 'Recargar'", async () => {
    const { sent, anaSaves } = serve();
    const { dialog, user } = await openViewer();
    await user.click(within(dialog).getByRole("button", { name: "Afectaciones" }));
    const number = await within(dialog).findByRole("textbox", { name: "Número (93)" });

    anaSaves({ affectation: { affectation_number: 37, observations: "37 pasajeros en conexión" } });
    await user.clear(number);
    await user.type(number, "12");
    await user.type(within(dialog).getByRole("textbox", { name: "Observaciones (93)" }), "12 de B");
    await user.click(within(dialog).getByRole("button", { name: "Guardar afectación 93" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(ANA_SAID);
    expect(sent.affectations).toEqual([{ id: 7, affectation_number: 12, observations: "12 de B", version: 3 }]);
    await user.click(within(alert).getByRole("button", { name: "Recargar" }));
    expect(await within(dialog).findByText("Guardado ahora: 37 · 37 pasajeros en conexión")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Número (93)" })).toHaveValue("12");
    expect(within(dialog).getByRole("textbox", { name: "Observaciones (93)" })).toHaveValue("12 de B");

    await user.click(within(dialog).getByRole("button", { name: "Guardar afectación 93" }));
    expect(await screen.findByText("Afectación actualizada con éxito")).toBeInTheDocument();
    expect(sent.affectations[1]).toEqual({ id: 7, affectation_number: 12, observations: "12 de B", version: 4 });
  }, 60_000);
  it("fills an editor nobody typed in with the values saved meanwhile, when the reopened viewer's read arrives", async () => {
    const { sent, anaSaves, hold } = serve();
    const first = await openViewer();
    anaSaves({ row: ANAS });
    const { dialog, release } = await reopenHeld(first.user, first.dialog, hold);
    await first.user.click(within(dialog).getByRole("button", { name: "Editar demoras" }));
    // The fields are drawn again when refilled: each look finds them anew.
    const first1 = () => within(within(dialog).getByRole("group", { name: "1ra demora" }));
    // From the cached row, until the read comes back.
    await waitFor(() => expect(first1().getByRole("combobox", { name: "Código de demora" })).toHaveValue("93 · Rotación de aeronave"));
    release();
    await waitFor(() => expect(first1().getByRole("combobox", { name: "Código de demora" })).toHaveValue("41 · Falla técnica de la aeronave"));
    expect(first1().getByRole("textbox", { name: "Minutos" })).toHaveValue("20");
    expect(within(dialog).getByRole("textbox", { name: "Observaciones" })).toHaveValue("Evaluado por A");
    expect(within(dialog).queryByLabelText("Guardado ahora por otra persona")).not.toBeInTheDocument();

    // Saved as shown: over Ana's version, no 409.
    await first.user.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Información actualizada")).toBeInTheDocument();
    expect(sent.evaluations).toEqual([{ delays: [{ code: "41", minutes: 20 }], observations: "Evaluado por A", version: 4 }]);
  }, 60_000);

  it("fills an affectation nobody typed in with the one saved meanwhile", async () => {
    const { anaSaves, hold } = serve();
    const first = await openViewer();
    await first.user.click(within(first.dialog).getByRole("button", { name: "Afectaciones" }));
    expect(await within(first.dialog).findByRole("textbox", { name: "Número (93)" })).toHaveValue("0");
    anaSaves({ affectation: { affectation_number: 37, observations: "37 pasajeros en conexión" } });
    const { dialog, release } = await reopenHeld(first.user, first.dialog, hold);
    await first.user.click(within(dialog).getByRole("button", { name: "Afectaciones" }));
    release();
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "Número (93)" })).toHaveValue("37"));
    expect(within(dialog).getByRole("textbox", { name: "Observaciones (93)" })).toHaveValue("37 pasajeros en conexión");
    expect(within(dialog).queryByText(/^Guardado ahora:/)).not.toBeInTheDocument();
  }, 60_000);
});
