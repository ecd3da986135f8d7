/**
 * How the drafts modal hands over to the send view (seed 000 §2.3, §2.4): the badge leads there
 * only when every line is valid, with the action code, the draft's season, the editor's rows in
 * order and the L/R letter; back returns to the editor as it was; after a send the drafts are read
 * again and the editor starts over. The send view itself is tested on its own, so it is a stub here.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SendRequestViewProps } from "../../src/custom-views/drafts/send/SendRequestView";
import { cancelLine, changeLine, emptyDrafts, modifyDrafts, openDrafts, requestLine, serveDrafts, storedEntry } from "./drafts-harness";

vi.mock("../../src/custom-views/drafts/send/SendRequestView", () => ({
  SendRequestView: (props: SendRequestViewProps) => (
    <section aria-label="Vista de envío">
      <pre data-testid="send-props">
        {JSON.stringify({ actionCode: props.actionCode, season: props.season, pairs: props.pairs, requestLetter: props.requestLetter })}
      </pre>
      <button type="button" onClick={props.onBack}>
        Volver
      </button>
      <button type="button" onClick={props.onSent}>
        Enviado
      </button>
    </section>
  ),
}));

const sendProps = () => JSON.parse(screen.getByTestId("send-props").textContent ?? "{}") as Omit<SendRequestViewProps, "onBack" | "onSent">;

describe("the send view", () => {
  it("gets the modification rows in the editor's order, the season and the letter; back keeps the editor", async () => {
    serveDrafts({ drafts: modifyDrafts([1101, 1102]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1102));
    await user.click(within(dialog).getByRole("switch", { name: "Tratar las líneas como L (llegada) o R (salida)" }));
    await user.click(within(dialog).getByRole("button", { name: "Acciones de la fila 2" }));
    await user.click(await screen.findByRole("menuitem", { name: "Subir" }));

    await user.click(within(dialog).getByRole("button", { name: "Ver borrador" }));
    expect(within(dialog).getByRole("region", { name: "Vista de envío" })).toBeInTheDocument();
    expect(within(within(dialog).getByRole("banner")).getByText("Confirmar envío de solicitud")).toBeInTheDocument();
    expect(sendProps()).toEqual({
      actionCode: 4,
      season: { id: 3, name: "W26" },
      pairs: [
        { id: "1102", change: changeLine(1102), request: requestLine(1102, 5, "L") },
        { id: "1101", change: changeLine(1101), request: requestLine(1101, 5, "L") },
      ],
      requestLetter: "L",
    });

    await user.click(within(dialog).getByRole("button", { name: "Volver" }));
    expect(within(within(dialog).getByRole("banner")).getByText("Editor")).toBeInTheDocument();
    expect(within(dialog).getByText(requestLine(1102, 5, "L"))).toBeInTheDocument();
  });

  it("is out of reach while a line is invalid", async () => {
    serveDrafts({ drafts: modifyDrafts([1101], [{ id: "1101", linked: true, data: { actual: { line: changeLine(1101), ghost: false }, request: { line: "RVB1", ghost: false } } }]) });
    const { dialog } = await openDrafts("Modificaciones");
    await within(dialog).findByText("RVB1");
    expect(within(dialog).getByRole("button", { name: "Ver borrador" })).toBeDisabled();
    expect(within(dialog).queryByRole("region", { name: "Vista de envío" })).not.toBeInTheDocument();
  });

  it("sends cancellations with code 3, and after the send reads the drafts again", async () => {
    const calls = serveDrafts({ drafts: { ...emptyDrafts(), cancellation_data: { season: "W26", ids: [1101] } } });
    const { dialog, user } = await openDrafts("Cancelaciones");
    await within(dialog).findByText(cancelLine(1101));
    await user.click(within(dialog).getByRole("button", { name: "Solicitar SCR" }));
    expect(sendProps()).toMatchObject({ actionCode: 3, pairs: [{ id: "1101", change: null, request: cancelLine(1101) }] });

    // The server empties the sent draft.
    calls.stored().cancellation_data = { season: null, ids: [] };
    await user.click(within(dialog).getByRole("button", { name: "Enviado" }));
    expect(await within(dialog).findByText("Añade slots al borrador para solicitar cancelaciones")).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId("drafts-badge")).toHaveTextContent("0"));
    expect(within(dialog).queryByText(cancelLine(1101))).not.toBeInTheDocument();
  });

  it("after sending part of the modifications, the editor goes on with the slots that were not sent", async () => {
    // 1102 is in the draft without lines (its row was deleted): it is not sent.
    const calls = serveDrafts({ drafts: modifyDrafts([1101, 1102], [storedEntry(1101)]) });
    const { dialog, user } = await openDrafts("Modificaciones");
    await within(dialog).findByText(requestLine(1101));
    await user.click(within(dialog).getByRole("button", { name: "Ver borrador" }));
    expect(sendProps()).toMatchObject({ actionCode: 4, pairs: [{ id: "1101" }] });

    // The server takes only what was sent out of the draft.
    calls.stored().modification_data = { season: "W26", ids: [1102], action: 5, encoded: [] };
    await user.click(within(dialog).getByRole("button", { name: "Enviado" }));
    expect(await within(dialog).findByText(requestLine(1102))).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId("drafts-badge")).toHaveTextContent("1"));
    expect(within(dialog).queryByText(requestLine(1101))).not.toBeInTheDocument();
  });
});
