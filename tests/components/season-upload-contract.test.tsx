/**
 * 'Inicio de temporada' follows the contract's SeasonStartForm (issue 38 item 4): with the file's
 * `maxLength` changed in the schema the form is generated from, a file the contract used to take
 * is refused with the Spanish message naming the new limit, is not kept, and Cargar stays
 * disabled; a file within it is taken.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { findSideMenu, renderApp, signInAs } from "./helpers";
import { useNodeForms } from "./nodeForms";

/** The contract as a backend team could change it: the season file limited to 400 characters (300 bytes). */
vi.mock("../../src/generated/forms", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/generated/forms")>();
  const { withMaxLength } = await import("./support/changedForms");
  return { ...original, FORM_SCHEMAS: { ...original.FORM_SCHEMAS, SeasonStartForm: withMaxLength(original.FORM_SCHEMAS.SeasonStartForm, "file", 400) } };
});
// The precompiled validator is the generated schema's: a changed schema is validated at run time.
vi.mock("../../src/client/schema/validator", async (importOriginal) => {
  const { runtimeValidatorModule } = await import("./support/changedForms");
  return runtimeValidatorModule(await importOriginal<typeof import("../../src/client/schema/validator")>());
});

useNodeForms();

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const xlsx = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: XLSX });

describe("the season file follows the contract", () => {
  it("refuses a file over the changed maxLength with the limit in Spanish, and takes one within it", async () => {
    signInAs("Admin");
    renderApp("/turnover");
    await findSideMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Configuración" }));
    await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Inicio de Temp." }));
    const dialog = await screen.findByRole("dialog", { name: "Inicio de temporada" }, { timeout: 15_000 });

    await user.upload(within(dialog).getByLabelText("Archivo de la temporada"), xlsx("grande.xlsx", 400));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("No se cargó la temporada");
    expect(alert).toHaveTextContent("El archivo supera el límite de 300 bytes.");
    expect(within(dialog).getByText("Ningún archivo seleccionado")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /^Temporada/ }), "W99");
    expect(within(dialog).getByRole("button", { name: "Cargar" })).toBeDisabled();

    await user.upload(within(dialog).getByLabelText("Archivo de la temporada"), xlsx("S27.xlsx", 100));
    expect(await within(dialog).findByText("S27.xlsx")).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cargar" })).toBeEnabled();
  });
});
