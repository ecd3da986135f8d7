/**
 * 'Inicio de temporada' (seed 002 §2, §5, §7; issue 13 item 1): Admin's dialog, opened from the
 * top bar's file-upload icon, that sends the season file as multipart and shows the seed's texts.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { addDays, nextSeasonCode, seasonBounds } from "../../src/domain/seasons";
import { currentSeason, findSideMenu, renderApp, type RoleName, signInAs } from "./helpers";
import { http, server } from "./msw";
import { useNodeForms } from "./nodeForms";

useNodeForms();

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const dmy = (iso: string) => iso.split("-").reverse().join("/");

/** Types a day into a dd/mm/aaaa field, replacing what it holds. */
async function typeDate(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, iso: string) {
  await user.click(field);
  await user.keyboard("{Control>}a{/Control}{Backspace}");
  await user.keyboard(dmy(iso).replaceAll("/", ""));
  expect(field).toHaveValue(dmy(iso));
}

type Sent = { fields: Record<string, string>; file: { name: string; size: number } | null };

type Warning = { line: number; column: number; text: string; severity: "aviso"; message: string };

function serveUpload(answer: { status: 201 | 406 | 409 | 500; errors?: string[]; warnings?: Warning[] }) {
  const sent: Sent[] = [];
  server.use(
    http.post("/api/slots/upload/", async ({ request, response }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      let file: Sent["file"] = null;
      for (const [name, value] of form) {
        if (typeof value === "string") fields[name] = value;
        else file = { name: value.name, size: value.size };
      }
      sent.push({ fields, file });
      if (answer.status === 201) {
        return response(201).json({
          season: { id: 9, name: fields.season_name ?? "", start_date: fields.season_start ?? "", end_date: fields.season_end ?? "", version: 1 },
          series: 2,
          slots: 434,
          historic_slots: 400,
          new_slots: 34,
          rematched_dates: 218,
          ...(answer.warnings ? { warnings: answer.warnings } : {}),
        });
      }
      const messages = {
        406: "El archivo no cuenta con el formato adecuado",
        409: "Ya hay Slots asignados a la temporada",
        500: "Error interno",
      };
      const body = { message: messages[answer.status], errors: (answer.errors ?? []).map((message) => ({ message })) };
      return answer.status === 500 ? response("default").json(body, { status: 500 }) : response(answer.status).json(body);
    }),
  );
  return sent;
}

async function openDialog(options: { applyAccept?: boolean } = {}) {
  signInAs("Admin");
  renderApp("/turnover");
  await findSideMenu();
  const user = userEvent.setup({ applyAccept: options.applyAccept ?? true });
  await user.click(screen.getByRole("button", { name: "Configuración" }));
  await user.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Inicio de Temp." }));
  // The dialog and its generated form load when the menu opens: give a loaded machine time.
  const dialog = await screen.findByRole("dialog", { name: "Inicio de temporada" }, { timeout: 5000 });
  return { user, dialog };
}

const xlsx = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])], "S27.xlsx", { type: XLSX });

/** The season after the stored (current) one: the day after it ends is its first day. */
function nextSeason() {
  const name = nextSeasonCode(currentSeason().name);
  return { name, start: seasonBounds(name).start_date };
}

describe("season start dialog", () => {
  it.each<[RoleName, boolean]>([
    ["Admin", true],
    ["Slot", false],
    ["Seguimiento", false],
    ["Reportes", false],
  ])("%s sees the file-upload menu: %s", async (role, visible) => {
    signInAs(role);
    renderApp("/turnover");
    await findSideMenu();
    expect(screen.queryAllByRole("button", { name: "Configuración" })).toHaveLength(visible ? 1 : 0);
  });

  it("enables Cargar only with a file, a name and two different dates, sends the form and shows the result", async () => {
    const sent = serveUpload({ status: 201 });
    const { user, dialog } = await openDialog();
    const submit = within(dialog).getByRole("button", { name: "Cargar" });
    expect(submit).toBeDisabled();
    await user.upload(within(dialog).getByLabelText("Archivo de la temporada"), xlsx());
    expect(within(dialog).getByText("S27.xlsx")).toBeInTheDocument();
    expect(submit).toBeDisabled();
    const { name, start } = nextSeason();
    await user.type(within(dialog).getByRole("textbox", { name: /^Temporada/ }), name.toLowerCase());
    // The IATA dates of the name are offered.
    const startField = within(dialog).getByRole("textbox", { name: /Fecha de inicio/ });
    const endField = within(dialog).getByRole("textbox", { name: /Fecha de fin/ });
    expect(startField).toHaveValue(dmy(start));
    expect(submit).toBeEnabled();
    // Same start and end: refused.
    await typeDate(user, endField, start);
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText("Las fechas de inicio y fin deben ser distintas")).toBeInTheDocument();
    const end = addDays(start, 200);
    await typeDate(user, endField, end);
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await within(dialog).findByText("Temporada cargada")).toBeInTheDocument();
    expect(within(dialog).getByText(`${name}: 2 series, 434 slots (400 históricos, 34 nuevos).`)).toBeInTheDocument();
    // A spreadsheet assumes nothing: no reading warnings.
    expect(within(dialog).queryByText(/Avisos de lectura/)).not.toBeInTheDocument();
    // Success hides the form.
    expect(within(dialog).queryByRole("textbox", { name: /^Temporada/ })).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        fields: { season_name: name, season_start: start, season_end: end, airport: "MEX" },
        file: { name: "S27.xlsx", size: 6 },
      },
    ]);
  });

  it("after a SAL list read with warnings, says what was assumed, line by line", async () => {
    const line = "KVB1301 06NOV12NOV 1000000 180320 MTY1000 J";
    const message =
      "Se asumió que la línea opera solo los días indicados dentro del periodo: la última fecha (12NOV, domingo) no es un día de operación; la última operación es el 06NOV";
    serveUpload({ status: 201, warnings: [{ line: 6, column: 14, text: line, severity: "aviso", message }] });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText("Archivo de la temporada"), new File(["SAL\n"], "SAL.txt", { type: "text/plain" }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Temporada/ }), nextSeason().name);
    await user.click(within(dialog).getByRole("button", { name: "Cargar" }));

    expect(await within(dialog).findByText("Temporada cargada")).toBeInTheDocument();
    const warnings = within(dialog).getByRole("list", { name: "Avisos de lectura (1)" });
    expect(within(warnings).getByText("Línea 6, columna 14")).toBeInTheDocument();
    expect(within(warnings).getByText(message)).toBeInTheDocument();
    expect(within(warnings).getByText(line)).toBeInTheDocument();
  });

  it("refuses a date before the day after the stored season ends", async () => {
    serveUpload({ status: 201 });
    const { user, dialog } = await openDialog();
    const { start } = nextSeason();
    await user.upload(within(dialog).getByLabelText("Archivo de la temporada"), xlsx());
    await user.type(within(dialog).getByRole("textbox", { name: /^Temporada/ }), "W99");
    const startField = within(dialog).getByRole("textbox", { name: /Fecha de inicio/ });
    await typeDate(user, startField, addDays(start, -1));
    expect(within(dialog).getByText(`La fecha mínima es ${dmy(start)}`)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cargar" })).toBeDisabled();
  });

  it("says 'Tipo del archivo no válido' for a file that is not .xlsx or .txt", async () => {
    const { user, dialog } = await openDialog({ applyAccept: false });
    const pdf = new File(["%PDF"], "temporada.pdf", { type: "application/pdf" });
    await user.upload(within(dialog).getByLabelText("Archivo de la temporada"), pdf);
    // The file is read into the form (a data URL) before the contract's pattern refuses it.
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Tipo del archivo no válido");
    expect(alert).toHaveTextContent("Verifica que el tipo de archivo esté permitido e inténtalo de nuevo");
    expect(within(dialog).getByText("Ningún archivo seleccionado")).toBeInTheDocument();
  });

  it.each([
    [
      406,
      "El archivo no cuenta con el formato adecuado",
      ["Hoja «Series», fila 3, columna C (Primera fecha), valor «31/02/2027»: no es una fecha válida"],
    ],
    [409, "Ya hay Slots asignados a la temporada", []],
    [500, "El servidor respondió con un error: 500", ["Error interno"]],
  ] as const)("shows the seed's text for %i and what the server says is wrong", async (status, text, details) => {
    serveUpload({ status, errors: [...details] });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText("Archivo de la temporada"), xlsx());
    await user.type(within(dialog).getByRole("textbox", { name: /^Temporada/ }), nextSeason().name);
    await user.click(within(dialog).getByRole("button", { name: "Cargar" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(text);
    for (const detail of details) expect(within(alert).getByText(detail)).toBeInTheDocument();
    // The form stays, to fix and try again.
    expect(within(dialog).getByRole("button", { name: "Cargar" })).toBeEnabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("downloads the template", async () => {
    let asked = 0;
    server.use(
      http.get("/api/slots/upload/template/", () => {
        asked += 1;
        return new Response(new Uint8Array([0x50, 0x4b]), {
          status: 200,
          headers: { "Content-Type": XLSX, "Content-Disposition": `attachment; filename="plantilla.xlsx"` },
        });
      }),
    );
    const created: string[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob.type);
      return "blob:plantilla";
    };
    URL.revokeObjectURL = () => undefined;
    try {
      const { user, dialog } = await openDialog();
      await user.click(within(dialog).getByRole("button", { name: "Descargar plantilla" }));
      await waitFor(() => expect(asked).toBe(1));
      await waitFor(() => expect(created).toHaveLength(1));
    } finally {
      URL.createObjectURL = original;
    }
  });
});
