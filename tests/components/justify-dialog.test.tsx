/**
 * The justify dialog (issue 27 item 2) against msw handlers typed from the contract: the proposed
 * reason pre-selected with its hint, a reason required, the note and the PDF sent; what was typed
 * kept when the dialog is closed by accident; an edit refused because someone saved first (409)
 * naming them, 'Recargar' showing what they saved while the typed note stays, and the next save
 * made from the new version; a withdrawal from the version read.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../src/app/theme";
import { i18nProvider } from "../../src/client/i18n/i18nProvider";
import { JustifyDialog, type JustifyDialogProps } from "../../src/custom-views/monitoring/JustifyDialog";
import type { components } from "../../src/generated/openapi";
import { http, server } from "./msw";
import { useNodeForms } from "./nodeForms";

type Justification = components["schemas"]["Justification"];
type Reason = components["schemas"]["JustificationReason"];

const REASONS: Reason[] = [
  { id: 1, code: "weather", label: "Meteorología", delay_codes: ["71", "72"], active: true, position: 1, version: 1 },
  { id: 2, code: "atc_atfm", label: "ATC / ATFM", delay_codes: ["81", "83"], active: true, position: 2, version: 1 },
  { id: 4, code: "strike", label: "Huelga", delay_codes: ["98"], active: true, position: 4, version: 1 },
];

const JUSTIFICATION: Justification = {
  id: 31,
  slot_id: 501,
  kind: "off_tolerance",
  reason: { id: 2, code: "atc_atfm", label: "ATC / ATFM" },
  note: "Programa de demoras en tierra",
  proposed_by_code: "83",
  file_name: "atfm.pdf",
  created_by_name: "Bruno Díaz",
  created_at: "2026-11-21T16:05:00.000Z",
  version: 1,
  updated_by_name: "Bruno Díaz",
  updated_at: "2026-11-21T16:05:00.000Z",
};

useNodeForms();
afterEach(() => sessionStorage.clear());

function setup(props: Partial<JustifyDialogProps> = {}) {
  server.use(http.get("/api/justification-reasons/", ({ response }) => response(200).json(REASONS)));
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const onDeleted = vi.fn();
  const all: JustifyDialogProps = {
    open: true,
    slotId: 501,
    slot: { flight: "VB120", date: "2026-11-18", time: "09:00", isArrival: true },
    kind: "not_used",
    onClose,
    onSaved,
    onDeleted,
    ...props,
  };
  const view = render(
    <AdminContext i18nProvider={i18nProvider} theme={theme}>
      <JustifyDialog {...all} />
    </AdminContext>,
  );
  return { user: userEvent.setup(), onClose, onSaved, onDeleted, view, all };
}

const reasonSelect = () => screen.getByRole("combobox", { name: /^Motivo/ });
const noteField = () => screen.getByRole("textbox", { name: "Nota" });

describe("justifying a slot", () => {
  it("names the slot it is for: flight, date and slot time (issue 36 item 12)", async () => {
    setup();
    const dialog = await screen.findByRole("dialog", { name: /Justificar slot no usado/ });
    expect(within(dialog).getByText("VB120 · 18/11/2026 · slot 09:00 UTC (llegada)")).toBeInTheDocument();
  });

  it("pre-selects the proposed reason with its hint and sends the reason, the note and the PDF", async () => {
    const sent: Array<Record<string, string>> = [];
    server.use(
      http.post("/api/justifications/", async ({ request, response }) => {
        const form = await request.formData();
        sent.push(Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : `file:${value.name}`])));
        return response(201).json({ ...JUSTIFICATION, kind: "off_tolerance", note: "Tormenta en CUN", file_name: "aviso.pdf" });
      }),
    );
    const { user, onSaved, onClose } = setup({ kind: "off_tolerance", proposal: { reasonId: 1, code: "71" } });
    expect(await screen.findByRole("dialog", { name: "Justificar operación fuera de tolerancia" })).toBeInTheDocument();
    await waitFor(() => expect(reasonSelect()).toHaveTextContent("Meteorología"));
    expect(screen.getByText("Propuesta por el código de demora 71: confírmela o elija otro motivo.")).toBeInTheDocument();

    // Choosing another reason still says what was proposed.
    await user.click(reasonSelect());
    await user.click(await screen.findByRole("option", { name: "Huelga" }));
    expect(screen.getByText("Propuesta: Meteorología (código 71)")).toBeInTheDocument();
    await user.click(reasonSelect());
    await user.click(await screen.findByRole("option", { name: "Meteorología" }));

    await user.type(noteField(), "Tormenta en CUN");
    await user.upload(screen.getByLabelText("Adjuntar PDF"), new File(["%PDF-1.4 aviso"], "aviso.pdf", { type: "application/pdf" }));
    expect(screen.getByText("Se adjuntará: aviso.pdf")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Guardar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ slot_id: "501", kind: "off_tolerance", reason_id: "1", note: "Tormenta en CUN", file: "file:aviso.pdf" }]);
    expect(onClose).toHaveBeenCalled();
    // Saved: nothing is kept for the next opening.
    expect(sessionStorage.getItem("justify_draft:501")).toBeNull();
  });

  it("asks for a reason before sending anything, and keeps what was typed when closed by accident", async () => {
    let calls = 0;
    server.use(
      http.post("/api/justifications/", ({ response }) => {
        calls += 1;
        return response(201).json(JUSTIFICATION);
      }),
    );
    const { user, view, onClose, all } = setup();
    await waitFor(() => expect(reasonSelect()).not.toHaveAttribute("aria-disabled"));
    await user.type(noteField(), "Cierre de pista por la SICT");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Elija el motivo de la justificación.")).toBeInTheDocument();
    expect(calls).toBe(0);

    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
    view.unmount();
    render(
      <AdminContext i18nProvider={i18nProvider} theme={theme}>
        <JustifyDialog {...all} />
      </AdminContext>,
    );
    expect(await screen.findByText("Se recuperó lo que había escrito antes de cerrar esta ventana.")).toBeInTheDocument();
    expect(noteField()).toHaveValue("Cierre de pista por la SICT");
  });
});

describe("an existing justification", () => {
  it("on a 409 names who saved first, shows what they saved after 'Recargar' and keeps the typed note for the next save", async () => {
    const versions: string[] = [];
    const theirs: Justification = { ...JUSTIFICATION, reason: { id: 1, code: "weather", label: "Meteorología" }, note: "Niebla", version: 2, updated_by_name: "Ana Ramírez" };
    server.use(
      http.put("/api/justifications/{id}/", async ({ request, response }) => {
        const form = await request.formData();
        versions.push(String(form.get("version")));
        if (form.get("version") === "1") {
          return response(409).json({
            message: "Ana Ramírez cambió la justificación de este slot a las 10:42 (hora de México). Recargue para ver sus cambios; lo que usted escribió no se guardó.",
            code: "STALE VERSION",
            changed_by: "Ana Ramírez",
            changed_at: "2026-11-22T16:42:00.000Z",
            current_version: 2,
          });
        }
        return response(200).json({ ...theirs, note: String(form.get("note")), version: 3 });
      }),
      http.get("/api/justifications/", ({ response }) => response(200).json([theirs])),
    );
    const { user, onSaved } = setup({ existing: JUSTIFICATION, kind: "off_tolerance" });
    expect(await screen.findByRole("dialog", { name: "Justificación" })).toBeInTheDocument();
    expect(screen.getByText(/Justificado por Bruno Díaz el 21\/11\/2026 10:05\./)).toBeInTheDocument();
    expect(noteField()).toHaveValue("Programa de demoras en tierra");
    await user.clear(noteField());
    await user.type(noteField(), "Programa GDP de la FAA");
    await user.click(screen.getByRole("button", { name: "Guardar" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Otra persona cambió esto mientras usted lo editaba");
    expect(alert).toHaveTextContent("Ana Ramírez cambió la justificación de este slot a las 10:42");
    await user.click(within(alert).getByRole("button", { name: "Recargar" }));
    expect(await screen.findByText("Guardado ahora por otra persona: Meteorología · Niebla")).toBeInTheDocument();
    expect(noteField()).toHaveValue("Programa GDP de la FAA");

    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ note: "Programa GDP de la FAA", version: 3 })));
    expect(versions).toEqual(["1", "2"]);
  });

  it("withdraws it after confirming, from the version read", async () => {
    const ifMatch: Array<string | null> = [];
    server.use(
      http.delete("/api/justifications/{id}/", ({ request, response }) => {
        ifMatch.push(request.headers.get("If-Match"));
        return response(204).empty();
      }),
    );
    const { user, onDeleted } = setup({ existing: JUSTIFICATION });
    await user.click(await screen.findByRole("button", { name: "Retirar justificación" }));
    const confirm = await screen.findByRole("dialog", { name: "Retirar justificación" });
    expect(confirm).toHaveTextContent("El slot volverá a contar como no usado en el Histórico.");
    await user.click(within(confirm).getByRole("button", { name: "Retirar" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(ifMatch).toEqual(['"1"']);
  });
});
