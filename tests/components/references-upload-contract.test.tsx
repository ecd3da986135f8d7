/**
 * Carga de referencias' drop zones follow the contract (issue 38 item 4): with a file's
 * `maxLength` changed in ReferenceFilesForm and CoordinatorListForm, the schemas the zones are
 * generated from, a file the contract used to take is refused with the Spanish message naming
 * the new limit and is not kept; a file within it is taken.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { findHeading, renderApp, signInAs } from "./helpers";
import { useNodeForms } from "./nodeForms";

/** The contract as a backend team could change it: each file limited to 400 characters (300 bytes). */
vi.mock("../../src/generated/forms", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/generated/forms")>();
  const { withMaxLength } = await import("./support/changedForms");
  return {
    ...original,
    FORM_SCHEMAS: {
      ...original.FORM_SCHEMAS,
      ReferenceFilesForm: withMaxLength(original.FORM_SCHEMAS.ReferenceFilesForm, "request_file", 400),
      CoordinatorListForm: withMaxLength(original.FORM_SCHEMAS.CoordinatorListForm, "file", 400),
    },
  };
});
// The precompiled validator is the generated schema's: a changed schema is validated at run time.
vi.mock("../../src/client/schema/validator", async (importOriginal) => {
  const { runtimeValidatorModule } = await import("./support/changedForms");
  return runtimeValidatorModule(await importOriginal<typeof import("../../src/client/schema/validator")>());
});

useNodeForms();

const txt = (name: string, bytes: number) => new File([`SCR\n${"x".repeat(bytes - 4)}`], name, { type: "text/plain" });

async function open() {
  signInAs("Slot");
  renderApp("/references-upload");
  await findHeading("Carga de referencias");
  return userEvent.setup({ applyAccept: false });
}

describe("the reference files follow the contract", () => {
  it("refuses a request file over the changed maxLength with the limit in Spanish, and takes one within it", async () => {
    const user = await open();
    await user.upload(screen.getByTestId("request-file-input"), txt("VIVW26004.txt", 400));
    expect(await screen.findByText("El archivo supera el límite de 300 bytes.")).toBeInTheDocument();
    expect(screen.getByTestId("request-file-name")).toHaveTextContent("Arrastra aquí un archivo .txt");
    expect(screen.getByRole("button", { name: "Cargar solicitud" })).toBeDisabled();

    await user.upload(screen.getByTestId("request-file-input"), txt("VIVW26004.txt", 100));
    await waitFor(() => expect(screen.getByTestId("request-file-name")).toHaveTextContent("VIVW26004.txt"));
    expect(screen.getByRole("button", { name: "Cargar solicitud" })).toBeEnabled();
  });

  it("refuses a coordinator's list over the changed maxLength with the limit in Spanish, and takes one within it", async () => {
    const user = await open();
    await user.click(screen.getByRole("tab", { name: "Lista del coordinador (SIR, SAL, SHL)" }));
    const input = await screen.findByTestId("coordinator-list-file-input");
    await user.upload(input, txt("SIR W26.txt", 400));
    expect(await screen.findByText("El archivo supera el límite de 300 bytes.")).toBeInTheDocument();
    expect(screen.getByTestId("coordinator-list-file-name")).toHaveTextContent("Arrastre aquí el archivo de texto o selecciónelo");
    expect(screen.getByRole("button", { name: "Comparar con el registro" })).toBeDisabled();

    await user.upload(screen.getByTestId("coordinator-list-file-input"), txt("SIR W26.txt", 100));
    await waitFor(() => expect(screen.getByTestId("coordinator-list-file-name")).toHaveTextContent("SIR W26.txt"));
    expect(screen.getByRole("button", { name: "Comparar con el registro" })).toBeEnabled();
  });
});
