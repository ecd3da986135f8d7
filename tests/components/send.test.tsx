/**
 * 'Confirmar envío de solicitud' against msw handlers typed from the contract (seed 000 §2.4,
 * §4.4, §5.3, §8): the header, the prefilled reference and its check on blur, S.I. upper-cased as
 * typed, when 'Solicitar SCR' is enabled, what is sent, and each refusal's message.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, Notification } from "react-admin";
import { describe, expect, it, vi } from "vitest";
import { i18nProvider } from "../../src/client/i18n/i18nProvider";
import { theme } from "../../src/app/theme";
import { SendRequestView, type SendRequestViewProps } from "../../src/custom-views/drafts/send/SendRequestView";
import type { components } from "../../src/generated/openapi";
import { USERS } from "./helpers";
import { http, server } from "./msw";

type GenerateRequest = components["schemas"]["GenerateRequest"];
type Contact = components["schemas"]["Contact"];


const SEASON = { id: 7, name: "W26" };
const PAIRS: components["schemas"]["RequestLinePair"][] = [
  { id: "11", change: "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", request: "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J" },
  { id: "12", change: "CVB1103 13JAN13JAN 0030000 180320 1445CUN J", request: "RVB1103 13JAN13JAN 0030000 180320 1500CUN J" },
];
const CANCEL_PAIRS: components["schemas"]["RequestLinePair"][] = [
  { id: "21", change: null, request: "D VB1103 13JAN13JAN 0030000 220321 1445CUN J" },
];
const CONTACTS: Contact[] = [
  { id: 1, name: "Coordinación MEX", email: "coordinacion@example.com", notes: "", version: 1 },
  { id: 2, name: "Operaciones", email: "operaciones@example.com", notes: "Turno noche", version: 1 },
];
const MESSAGE = "SCR\n/bruno.diaz@example.com\nW26\n21NOV\nMEX\nCVB1102 …\nSI PRUEBA\nGI SALUDOS/B. DÍAZ";

interface Setup {
  actionCode?: SendRequestViewProps["actionCode"];
  pairs?: SendRequestViewProps["pairs"];
  nextReference?: number;
  sendStatus?: components["schemas"]["SendStatus"];
  role?: keyof typeof USERS;
}

/** The view as the drafts modal mounts it, signed in as Bruno Díaz (Slot), with toasts. */
function setup({
  actionCode = 4,
  pairs = PAIRS,
  nextReference = 42,
  sendStatus = { coordinator_email: "coordinacion@slots-mex.example", mail_delivery: "smtp" },
  role = "Slot",
}: Setup = {}) {
  sessionStorage.setItem("user", JSON.stringify(USERS[role]));
  const sent: GenerateRequest[] = [];
  const previews: GenerateRequest[] = [];
  const checked: number[] = [];
  server.use(
    http.get("/api/logbook/references/next_available/", ({ query, response }) => {
      expect(query.get("season")).toBe(String(SEASON.id));
      return response(200).json({ next_reference: nextReference });
    }),
    http.get("/api/logbook/references/check_availability/", ({ query, response }) => {
      const reference = Number(query.get("reference"));
      checked.push(reference);
      // 12 and 30 are taken; the next free one is 43.
      const taken = reference === 12 || reference === 30;
      return response(200).json({ is_available: !taken, recommended_reference: 43 });
    }),
    http.get("/api/contact-list", ({ response }) => response(200).json(CONTACTS)),
    http.get("/api/turnover/requests/send_status/", ({ response }) => response(200).json(sendStatus)),
    http.get("/api/turnover/codes/", ({ response }) =>
      response(200).json([
        { code: "41", description: "Falla técnica de la aeronave" },
        { code: "93", description: "Rotación de aeronave: llegada tardía del mismo avión" },
      ]),
    ),
    http.post("/api/turnover/requests/generate_request/", async ({ request, response }) => {
      const body = await request.json();
      if (body.send_request) {
        sent.push(body);
        return response(200).json({ reference: body.reference, sent: true, parts: [], logbook_id: 5, mail_status: "sent" });
      }
      previews.push(body);
      return response(200).json({
        reference: body.reference,
        sent: false,
        parts: [{ part: 1, text: MESSAGE, lines: 4 }],
        logbook_id: null,
        mail_status: null,
      });
    }),
  );
  const onBack = vi.fn();
  const onSent = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider} theme={theme}>
      <SendRequestView actionCode={actionCode} season={SEASON} pairs={pairs} requestLetter="R" onBack={onBack} onSent={onSent} />
      <Notification />
    </AdminContext>,
  );
  return { user: userEvent.setup(), onBack, onSent, sent, previews, checked };
}

/** The react-admin toast (a Snackbar). */
const findToast = async (): Promise<HTMLElement> => {
  await waitFor(() => expect(document.querySelector(".MuiSnackbar-root")).not.toBeNull());
  const toast = document.querySelector<HTMLElement>(".MuiSnackbar-root");
  if (!toast) throw new Error("no toast");
  return toast;
};

const submitButton = () => screen.getByRole("button", { name: "Solicitar SCR", hidden: true });
const siField = () => screen.getByRole("textbox", { name: /^S\.I\./ });
const referenceField = () => screen.getByRole("textbox", { name: /^Referencia/, hidden: true });
const confirmation = () => screen.getByRole("checkbox", { name: "Confirmo que la información de la solicitud es correcta" });

/** Waits for the prefilled reference, then fills S.I. and ticks the confirmation. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, si = "favor de confirmar") {
  await waitFor(() => expect(referenceField()).toHaveValue("42"));
  await user.type(siField(), si);
  await user.click(confirmation());
}

describe("before the send", () => {
  it("says where the e-mail goes when the coordinator's address is set and SMTP delivers", async () => {
    setup();
    expect(await screen.findByText("Se enviará a coordinacion@slots-mex.example")).toBeInTheDocument();
    expect(screen.queryByText(/bandeja de salida/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No hay un correo del coordinador/)).not.toBeInTheDocument();
  });

  it("without a coordinator address, tells a role that cannot set it who can, and keeps 'Solicitar SCR' disabled", async () => {
    const { user } = setup({ sendStatus: { coordinator_email: null, mail_delivery: "smtp" }, role: "Seguimiento" });
    expect(
      await screen.findByText(
        "No hay un correo del coordinador configurado: el envío será rechazado. Un Admin o un usuario Slot debe indicarlo en el botón @ «Correo del coordinador» de la barra superior.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Correo del coordinador" })).not.toBeInTheDocument();
    await fillForm(user);
    expect(submitButton()).toBeDisabled();
  });

  it("without a coordinator address, disables 'Solicitar SCR' and lets a Slot user set the address right there", async () => {
    let status: components["schemas"]["SendStatus"] = { coordinator_email: null, mail_delivery: "smtp" };
    const modified: components["schemas"]["SettingModifyRequest"][] = [];
    const { user, sent } = setup();
    server.use(
      http.get("/api/turnover/requests/send_status/", ({ response }) => response(200).json(status)),
      http.get("/api/list-settings/", ({ response }) => response(200).json([{ id: 4, name: "coordinator_email", value: { email: null }, version: 1 }])),
      http.post("/api/settings/modify/", async ({ request, response }) => {
        const body = await request.json();
        modified.push(body);
        status = { coordinator_email: "coordinacion@slots-mex.example", mail_delivery: "smtp" };
        return response(200).json({ id: 4, name: "coordinator_email", value: { email: "coordinacion@slots-mex.example" }, version: 2 });
      }),
    );
    const field = await screen.findByRole("textbox", { name: "Correo del coordinador" });
    expect(screen.getByText(/la solicitud no se puede enviar\. Indíquelo aquí/)).toBeInTheDocument();
    await fillForm(user);
    expect(submitButton()).toBeDisabled();

    await user.type(field, "no es correo");
    await user.click(screen.getByRole("button", { name: "Guardar correo" }));
    expect(screen.getByText("Ingrese un correo electrónico válido")).toBeInTheDocument();
    expect(modified).toEqual([]);

    await user.clear(field);
    await user.type(field, "coordinacion@slots-mex.example{Enter}");
    expect(await screen.findByText("Se enviará a coordinacion@slots-mex.example")).toBeInTheDocument();
    expect(modified).toEqual([{ id: 4, value: { email: "coordinacion@slots-mex.example" }, version: 1 }]);
    expect(sent).toEqual([]);
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it("warns that the e-mail stays in the outbox without SMTP", async () => {
    setup({ sendStatus: { coordinator_email: "coordinacion@slots-mex.example", mail_delivery: "outbox" } });
    expect(
      await screen.findByText(
        "No hay un servidor de correo (SMTP) configurado: la solicitud se registrará, pero el correo quedará en la bandeja de salida (Panel de administrador → Correos) y no llegará al coordinador.",
      ),
    ).toBeInTheDocument();
  });

  it("marks what each modification changes against the held slot, and warns about pairs that change nothing", async () => {
    const pairs: SendRequestViewProps["pairs"] = [
      // The time: 13:10 → 13:40.
      { id: "11", change: "CVB1102 12JAN12JAN 0200000 180320 CUN1310 J", request: "RVB1102 12JAN12JAN 0200000 180320 CUN1340 J" },
      // Nothing: the slot as it is.
      { id: "12", change: "C VB1103 13JAN13JAN 0030000 180320 1445CUN J", request: "R VB1103 13JAN13JAN 0030000 180320 1445CUN J" },
      // The suffix and the equipment.
      { id: "13", change: "CVB1104 14JAN14JAN 0003000 180320 MTY0900 J", request: "RVB1104A 14JAN14JAN 0003000 220321 MTY0900 J" },
    ];
    setup({ pairs });
    const lines = screen.getByRole("table", { name: /Resumen de la solicitud/ });
    const rows = within(lines).getAllByRole("row").slice(1);
    const marked = (row: HTMLElement | undefined) => [...(row?.querySelectorAll("mark") ?? [])].map((mark) => mark.textContent);
    expect(marked(rows[0])).toEqual(["1340"]);
    expect(rows[0]).toHaveTextContent("Cambia: Hora");
    expect(marked(rows[1])).toEqual([]);
    expect(rows[1]).toHaveTextContent("Sin cambios");
    expect(marked(rows[2])).toEqual(["VB1104A", "220321"]);
    expect(rows[2]).toHaveTextContent("Cambia: Designador, Equipo");
    expect(
      screen.getByText("1 par no cambia nada frente al slot (fila 2): se pedirá el slot tal como está."),
    ).toBeInTheDocument();
  });

  it("has no change warning when every modification changes something", async () => {
    setup();
    await screen.findByText("Se enviará a coordinacion@slots-mex.example");
    expect(screen.queryByText("Sin cambios")).not.toBeInTheDocument();
    expect(screen.queryByText(/no cambian? nada frente al slot/)).not.toBeInTheDocument();
  });
});

describe("send view", () => {
  it("shows the header (Tipo SCR, Temporada, Fecha, Aeropuerto MEX, the next free reference), the lines and the G.I.", async () => {
    const { user, onBack } = setup();
    expect(screen.getByRole("heading", { name: "Confirmar envío de solicitud" })).toBeInTheDocument();
    const header = screen.getByRole("group", { name: "Confirmar envío de solicitud" });
    expect(within(header).getByLabelText("Tipo")).toHaveTextContent("SCR");
    expect(within(header).getByLabelText("Solicitud")).toHaveTextContent("Modificaciones");
    expect(within(header).getByLabelText("Temporada")).toHaveTextContent("W26");
    expect(within(header).getByLabelText("Fecha")).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(within(header).getByLabelText("Aeropuerto")).toHaveTextContent("MEX");
    await waitFor(() => expect(within(header).getByLabelText("Referencia")).toHaveTextContent("42"));
    expect(screen.getByText("Líneas R: se aceptan ofertas del coordinador")).toBeInTheDocument();

    const lines = screen.getByRole("table", { name: /Resumen de la solicitud/ });
    expect(within(lines).getByText(PAIRS[0]?.change ?? "")).toBeInTheDocument();
    expect(within(lines).getAllByRole("row")[2]).toHaveTextContent(PAIRS[1]?.request ?? "");
    expect(screen.getByRole("textbox", { name: "G.I." })).toHaveValue("SALUDOS/B. DÍAZ");

    await user.click(screen.getByRole("button", { name: "Regresar al editor" }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("upper-cases S.I. as it is typed and shows the exact message the server would send", async () => {
    const { user, previews } = setup();
    await waitFor(() => expect(referenceField()).toHaveValue("42"));
    await user.type(siField(), "si no hay, ofrecer el más cercano");
    expect(siField()).toHaveValue("SI NO HAY, OFRECER EL MÁS CERCANO");
    const message = await screen.findByLabelText("Parte 1", {}, { timeout: 3000 });
    expect(message).toHaveTextContent("GI SALUDOS/B. DÍAZ");
    expect(previews.at(-1)).toMatchObject({
      send_request: false,
      special_information: "SI NO HAY, OFRECER EL MÁS CERCANO",
      reference: 42,
      slots: PAIRS,
    });
  });

  it("enables 'Solicitar SCR' only with S.I., an available reference and the confirmation", async () => {
    const { user } = setup();
    await waitFor(() => expect(referenceField()).toHaveValue("42"));
    expect(submitButton()).toBeDisabled();
    await user.click(confirmation());
    expect(submitButton()).toBeDisabled(); // no S.I. yet
    await user.type(siField(), "x");
    expect(submitButton()).toBeEnabled();
    await user.click(confirmation());
    expect(submitButton()).toBeDisabled(); // confirmation withdrawn
    await user.click(confirmation());
    await user.clear(siField());
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText("La S.I. es obligatoria")).toBeInTheDocument();
    await user.type(siField(), "x");
    // A reference typed but not yet checked does not count as available.
    await user.clear(referenceField());
    await user.type(referenceField(), "50");
    expect(submitButton()).toBeDisabled();
    await user.tab();
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it("checks the reference on blur: a taken one gets a red border, the tip and the 'Referencia en existencia' dialog", async () => {
    const { user, checked } = setup();
    await fillForm(user);
    await user.clear(referenceField());
    await user.type(referenceField(), "12");
    await user.tab();
    const dialog = await screen.findByRole("dialog", { name: "Referencia en existencia" });
    expect(dialog).toHaveTextContent(
      "La referencia ingresada ha sido previamente ingresada en los registros. Por favor elija una referencia distinta.",
    );
    expect(checked).toEqual([12]);
    expect(referenceField()).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Referencia en uso, prueba con 43")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.click(within(dialog).getByRole("button", { name: "Usar la referencia 43" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(referenceField()).toHaveValue("43");
    expect(referenceField()).toHaveAttribute("aria-invalid", "false");
    expect(submitButton()).toBeEnabled();
  });

  it("keeps the reference numeric", async () => {
    const { user } = setup();
    await waitFor(() => expect(referenceField()).toHaveValue("42"));
    await user.clear(referenceField());
    await user.type(referenceField(), "1a2b");
    expect(referenceField()).toHaveValue("12");
    await user.clear(referenceField());
    await user.tab();
    expect(await screen.findByText("La referencia debe ser un número del 1 al 999999")).toBeInTheDocument();
    // '0' is a number too: the message says what is wrong with it (issue 24 item 10).
    await user.type(referenceField(), "0");
    await user.tab();
    expect(await screen.findByText("La referencia debe ser un número del 1 al 999999")).toBeInTheDocument();
    expect(screen.queryByText("Ingrese una referencia numérica")).not.toBeInTheDocument();
  });

  it("sends S.I., G.I., the reference, the cc contacts and the lines, then says so and hands back", async () => {
    const { user, sent, onSent } = setup();
    await fillForm(user, "pls confirm");
    await user.click(screen.getByRole("combobox", { name: "Con copia para (cc)" }));
    await user.click(await screen.findByRole("option", { name: "Operaciones <operaciones@example.com>" }));
    await user.click(submitButton());
    expect(await screen.findByText("La solicitud ha sido enviada exitosamente")).toBeInTheDocument();
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([
      {
        airport: "MEX",
        season: SEASON.id,
        reference: 42,
        special_information: "PLS CONFIRM",
        general_information: "SALUDOS/B. DÍAZ",
        action_code: 4,
        cc: ["operaciones@example.com"],
        slots: PAIRS,
        send_request: true,
        request_letter: "R",
      },
    ]);
  });

  it("names the airport chosen in the top bar (JFK) in the header and sends the request for it (issue 37)", async () => {
    const held = (id: number, code: string, name: string, zone: string): components["schemas"]["Airport"] => ({
      id,
      code,
      name,
      city: name,
      country: code === "JFK" ? "US" : "MX",
      time_zone: zone,
      coordination_level: 3,
      active: true,
    });
    server.use(
      http.get("/api/airport-list/", ({ response }) =>
        response(200).json([held(2, "MEX", "Ciudad de México", "America/Mexico_City"), held(43, "JFK", "Nueva York", "America/New_York")]),
      ),
      http.get("/api/account/preferences/", ({ response }) => response(200).json({ turnover_hidden_columns: [], airport: "JFK", version: 2 })),
    );
    const { user, sent } = setup();
    const header = screen.getByRole("group", { name: "Confirmar envío de solicitud" });
    await waitFor(() => expect(within(header).getByLabelText("Aeropuerto")).toHaveTextContent("JFK"));
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByText("La solicitud ha sido enviada exitosamente")).toBeInTheDocument();
    expect(sent.map((request) => request.airport)).toEqual(["JFK"]);
  });

  it("a cancellation also needs its delay code, which is sent with it", async () => {
    const { user, sent } = setup({ actionCode: 3, pairs: CANCEL_PAIRS });
    await fillForm(user);
    expect(screen.getByText("Cancelaciones")).toBeInTheDocument();
    // A cancellation's lines come alone, not in pairs (issue 24 item 10).
    expect(screen.getByText("(1 línea)")).toBeInTheDocument();
    expect(screen.queryByText(/pares? de líneas/)).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText("Elija el código de demora de la cancelación")).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: /Código de demora/ }));
    await user.click(await screen.findByRole("option", { name: /^41/ }));
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());
    await screen.findByText("La solicitud ha sido enviada exitosamente");
    expect(sent[0]).toMatchObject({ action_code: 3, delay_code: "41", slots: CANCEL_PAIRS });
    expect(sent[0]).not.toHaveProperty("request_letter");
  });

  describe("refusals", () => {
    const refuse = (status: 400 | 409 | 502, body: components["schemas"]["Error"]) =>
      server.use(
        http.post("/api/turnover/requests/generate_request/", async ({ request, response }) => {
          const sent = await request.json();
          if (!sent.send_request) {
            return response(200).json({ reference: sent.reference, sent: false, parts: [], logbook_id: null, mail_status: null });
          }
          return response(status).json(body);
        }),
      );

    it("SLOTS IN PROCESS: the toast's 'Ver detalles...' lists the slots (name, date, time UTC)", async () => {
      const { user, onSent } = setup();
      refuse(409, {
        message: "Hay slots en proceso.",
        code: "SLOTS IN PROCESS",
        slots: [
          { id: 11, name: "VB1102", date: "2027-01-12", time: "13:10" },
          { id: 12, name: "VB1103", date: "2027-01-13", time: "14:45" },
        ],
      });
      await fillForm(user);
      await user.click(submitButton());
      // The toast (bottom left, gone after 5 s) and the form both say it, each with the link.
      const toast = await findToast();
      expect(toast).toHaveTextContent("No se puede enviar la solicitud, hay slots en proceso.");
      expect(screen.getAllByText("No se puede enviar la solicitud, hay slots en proceso.")).toHaveLength(2);
      await user.click(within(toast).getByRole("button", { name: "Ver detalles..." }));
      const dialog = await screen.findByRole("dialog", { name: "Slots en proceso" });
      const rows = within(dialog).getAllByRole("row").map((row) => row.textContent);
      expect(rows).toEqual(["SlotFecha (UTC)Hora (UTC)", "VB110212/01/202713:10", "VB110313/01/202714:45"]);
      expect(onSent).not.toHaveBeenCalled();
    });

    it("Could not get aircraft capacity from line: lines without aircraft capacity", async () => {
      const { user, onSent } = setup();
      refuse(400, { message: "Could not get aircraft capacity from line", code: "Could not get aircraft capacity from line" });
      await fillForm(user);
      await user.click(submitButton());
      expect(
        (await screen.findAllByText("No se puede enviar la solicitud, hay líneas sin capacidad de aeronave.")).length,
      ).toBeGreaterThan(0);
      expect(onSent).not.toHaveBeenCalled();
    });

    it("REFERENCE IN USE (taken meanwhile): the tip with the next free reference and the dialog", async () => {
      const { user, onSent } = setup();
      refuse(409, { message: "La referencia 42 ya está en uso.", code: "REFERENCE IN USE", recommended_reference: 44 });
      await fillForm(user);
      await user.click(submitButton());
      expect(await screen.findByRole("dialog", { name: "Referencia en existencia" })).toBeInTheDocument();
      expect(screen.getByText("Referencia en uso, prueba con 44")).toBeInTheDocument();
      expect(referenceField()).toHaveAttribute("aria-invalid", "true");
      expect(submitButton()).toBeDisabled();
      expect(onSent).not.toHaveBeenCalled();
    });

    it("anything else: 'Ha ocurrido un error al enviar la solicitud', with what the server says is wrong", async () => {
      const { user, onSent } = setup();
      refuse(400, {
        message: "No hay una dirección del coordinador configurada.",
        errors: [{ field: "coordinator_email", message: "Configure el correo del coordinador." }],
      });
      await fillForm(user);
      await user.click(submitButton());
      expect(
        (await screen.findAllByText("Ha ocurrido un error al enviar la solicitud: No hay una dirección del coordinador configurada.")).length,
      ).toBeGreaterThan(0);
      expect(screen.getByText("Configure el correo del coordinador.")).toBeInTheDocument();
      expect(onSent).not.toHaveBeenCalled();
    });

    it("a network failure: 'Ha ocurrido un error al enviar la solicitud'", async () => {
      const { user } = setup();
      await fillForm(user);
      server.use(
        http.post("/api/turnover/requests/generate_request/", async ({ request, response }) => {
          const sent = await request.json();
          if (!sent.send_request) {
            return response(200).json({ reference: sent.reference, sent: false, parts: [], logbook_id: null, mail_status: null });
          }
          return Response.error();
        }),
      );
      await user.click(submitButton());
      expect((await screen.findAllByText("Ha ocurrido un error al enviar la solicitud")).length).toBeGreaterThan(0);
    });
  });
});
