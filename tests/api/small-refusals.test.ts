/**
 * Small refusals that must still be clear (issue 34 item 5): each answers 400 (or, for a request
 * over the server's size, 431) in Spanish naming what is wrong, with nothing raw echoed back.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../../src/generated/access";
import { startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let slot: TestClient;
let port = 0;

beforeAll(async () => {
  server = await startServer();
  slot = await server.signIn("Slot");
  const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});
afterAll(() => server.close());

/** Sends raw bytes over a socket (Node's parser sees what a client library would refuse to send) and reads the answer. */
const raw = (request: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request, "latin1"));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });

const bodyOf = (answer: string): { message: string } => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));

describe("small refusals", () => {
  it("a NUL character in a multipart field is refused naming the field, before PostgreSQL sees it", async () => {
    const boundary = "----slotdesk";
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="slot_ids"',
      "",
      "1",
      `--${boundary}`,
      'Content-Disposition: form-data; name="note"',
      "",
      "nota\u0000oculta",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const answer = await slot.request({
      method: "POST",
      url: OPERATIONS.createJustification.path,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "x-csrftoken": await slot.csrfToken() },
      payload,
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toBe("El campo «note» contiene el carácter nulo (U+0000), que no se admite.");
  });

  it("a control character in Last-Event-ID gets a Spanish 400 naming the header, not Node's 'Bad Request'", async () => {
    const answer = await raw(`GET ${OPERATIONS.streamLiveEvents.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 12\u0001\r\n\r\n`);
    expect(answer.startsWith("HTTP/1.1 400")).toBe(true);
    expect(bodyOf(answer).message).toBe("El encabezado «Last-Event-ID» contiene caracteres no permitidos.");
  });

  it("says 'del cuerpo', never 'de el cuerpo'", async () => {
    const answer = await slot.request({
      method: "POST",
      url: OPERATIONS.modifySetting.path,
      headers: { "content-type": "application/json", "x-csrftoken": await slot.csrfToken() },
      payload: JSON.stringify("\u0000"),
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toMatch(/^El contenido del cuerpo de la solicitud /);
  });

  it("writes the control characters of junk it quotes back as \\uXXXX, never raw", async () => {
    const answer = await slot.request({ method: "GET", url: `${OPERATIONS.listSeasons.path}?a%01b%1B=1` });
    expect(answer.status).toBe(400);
    const message = (answer.json as { message: string }).message;
    expect(message).toBe("Parámetro desconocido: «a\\u0001b\\u001b».");
    expect(Array.from(answer.text).some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
  });

  it("reads the justifications of 5,000 slots, as the contract promises (4,000 answered 431 before)", async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => 2_000_000_000 + i).join(",");
    // Over a real socket: Node's parser, not app.inject, is what answered 431.
    const answer = await fetch(`http://127.0.0.1:${port}${OPERATIONS.listJustifications.path}?slot_ids=${ids}`, {
      headers: { cookie: slot.cookieHeader() },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([]);
  });
});
