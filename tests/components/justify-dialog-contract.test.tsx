/**
 * The justify dialog's fields follow the contract's `JustifyForm` (issue 38 item 4): with the
 * PDF's `maxLength` changed in the schema the form is generated from, a file the contract used to
 * accept is refused with the Spanish message naming the new limit, and nothing is sent; a file
 * within it is sent; a file that is not a PDF is refused by the schema's pattern, in Spanish.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext } from "react-admin";
import { describe, expect, it, vi } from "vitest";
import { theme } from "../../src/app/theme";
import { i18nProvider } from "../../src/client/i18n/i18nProvider";
import { JustifyDialog } from "../../src/custom-views/monitoring/JustifyDialog";
import type { components } from "../../src/generated/openapi";
import { http, server } from "./msw";
import { useNodeForms } from "./nodeForms";

/** The contract as a backend team could change it: the PDF limited to 4,000 characters (2.9 KB). */
vi.mock("../../src/generated/forms", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/generated/forms")>();
  const { withMaxLength } = await import("./support/changedForms");
  return { ...original, FORM_SCHEMAS: { ...original.FORM_SCHEMAS, JustifyForm: withMaxLength(original.FORM_SCHEMAS.JustifyForm, "file", 4000) } };
});
// The precompiled validator is the generated schema's: a changed schema is validated at run time.
vi.mock("../../src/client/schema/validator", async (importOriginal) => {
  const { runtimeValidatorModule } = await import("./support/changedForms");
  return runtimeValidatorModule(await importOriginal<typeof import("../../src/client/schema/validator")>());
});

type Reason = components["schemas"]["JustificationReason"];
const REASONS: Reason[] = [{ id: 1, code: "weather", label: "Meteorología", delay_codes: ["71"], active: true, position: 1, version: 1 }];

useNodeForms();

const pdf = (name: string, bytes: number) => new File([`%PDF-1.4 ${"x".repeat(bytes - 9)}`], name, { type: "application/pdf" });

function setup() {
  const sent: string[] = [];
  server.use(
    http.get("/api/justification-reasons/", ({ response }) => response(200).json(REASONS)),
    http.post("/api/justifications/", async ({ request, response }) => {
      const form = await request.formData();
      const file = form.get("file");
      sent.push(file !== null && typeof file !== "string" ? `${file.name}:${file.size}` : "");
      return response(201).json({
        id: 1,
        slot_id: 501,
        kind: "not_used",
        reason: { id: 1, code: "weather", label: "Meteorología" },
        note: "",
        proposed_by_code: null,
        file_name: "aviso.pdf",
        created_by_name: "Bruno Díaz",
        created_at: "2026-11-21T16:05:00.000Z",
        version: 1,
        updated_by_name: null,
        updated_at: "2026-11-21T16:05:00.000Z",
      });
    }),
  );
  const onSaved = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider} theme={theme}>
      <JustifyDialog open slotId={501} slot={{ flight: "VB120", date: "2026-11-18", time: "09:00", isArrival: true }} kind="not_used" proposal={{ reasonId: 1, code: "71" }} onClose={vi.fn()} onSaved={onSaved} />
    </AdminContext>,
  );
  return { user: userEvent.setup({ applyAccept: false }), sent, onSaved };
}

describe("the justification's PDF follows the contract", () => {
  it("refuses a PDF over the changed maxLength with the limit in Spanish, and sends one within it", async () => {
    const { user, sent, onSaved } = setup();
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Motivo/ })).toHaveTextContent("Meteorología"));

    await user.upload(screen.getByLabelText("Adjuntar PDF"), pdf("grande.pdf", 3500));
    expect(await screen.findByText("Se adjuntará: grande.pdf")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El archivo supera el límite de 2.9 KB.")).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.upload(screen.getByLabelText("Reemplazar PDF"), pdf("aviso.pdf", 2000));
    expect(await screen.findByText("Se adjuntará: aviso.pdf")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toEqual(["aviso.pdf:2000"]);
  });

  it("refuses a file that is not a PDF with the contract's Spanish help", async () => {
    const { user, sent } = setup();
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Motivo/ })).toHaveTextContent("Meteorología"));
    await user.upload(screen.getByLabelText("Adjuntar PDF"), new File(["hola"], "nota.txt", { type: "text/plain" }));
    expect(await screen.findByText("Se adjuntará: nota.txt")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El archivo no es un PDF.")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
