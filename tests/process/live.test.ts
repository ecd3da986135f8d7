/**
 * Live updates across server instances (issue 25 item 2): two instances of the bundled server on
 * one PostgreSQL database; a change made on the first reaches an event stream opened on the
 * second, and the second's top bar (who is here) lists a person signed in on the first. On the
 * embedded database (one owner, so one instance) a command's import, run through the server,
 * reaches an open stream the same way.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/generated/openapi";
import { EventStreamReader, type StreamMessage } from "../support/eventStream";
import { createStore, runCli, type ServerProcess, signIn, startServer, type TestStore } from "./support";

type LiveMessage = components["schemas"]["LiveMessage"];
type PresentUser = components["schemas"]["PresentUser"];

const PASSWORD = "contraseña de prueba 1";
const CSV = [
  "flight_number;date;direction;origin;destination;std;sta;registration;aircraft_type;seats;status",
  "VB970;2026-12-11;S;MEX;MTY;2026-12-11 14:00;2026-12-11 15:30;XA-VBA;320;180;D",
].join("\n");

let store: TestStore;
const servers: ServerProcess[] = [];
const streams: EventStreamReader[] = [];

const message = (m: StreamMessage) => m.data as LiveMessage;
const isChange = (kind: string) => (m: StreamMessage) => message(m).type === "change" && message(m).kind === kind;

beforeAll(async () => {
  store = await createStore();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const server of servers) await server.kill();
  await store?.remove();
});

async function createUser(email: string, role: string, name: string, lastName: string) {
  const made = await runCli(
    "user-create",
    ["--email", email, "--role", role, "--password", PASSWORD, "--name", name, "--last-name", lastName],
    { ...store.env },
  );
  expect(made.code, made.stdout + made.stderr).toBe(0);
}

async function openStream(baseUrl: string, cookie: string) {
  const stream = await new EventStreamReader().open(`${baseUrl}/api/live/events/`, { cookie });
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((m) => message(m).type === "hello", 30_000);
  return stream;
}

describe("live updates between processes", () => {
  it("a change on one instance reaches a stream on another, and each sees who is signed in on the other", async () => {
    const env = { ...store.env, DEMO_DATA: "0" };
    const first = await startServer(env);
    servers.push(first);
    // On PostgreSQL a second instance; the embedded database has one owner, so one instance.
    const second = store.databaseUrl ? await startServer(env) : first;
    if (second !== first) servers.push(second);

    await createUser("ana@prueba.example", "Admin", "Ana", "Pérez");
    await createUser("beto@prueba.example", "Slot", "Beto", "Ruiz");
    const ana = await signIn(first.url, "ana@prueba.example", PASSWORD);
    const beto = await signIn(second.url, "beto@prueba.example", PASSWORD);
    await openStream(first.url, ana.cookieHeader());
    const betoStream = await openStream(second.url, beto.cookieHeader());

    // Who is here, as the second instance answers it: both, though Ana's stream is on the first.
    const here = await beto.call("GET", "/api/live/presence/");
    expect(here.status).toBe(200);
    const names = (here.body as PresentUser[]).map((p) => `${p.name} ${p.last_name}`);
    expect(names).toEqual(expect.arrayContaining(["Ana Pérez", "Beto Ruiz"]));

    // Ana loads flights on the first instance; Beto's stream on the second hears of it.
    const imported = await ana.call("POST", "/api/loads/", { kind: "flights", file_name: "vuelos.csv", content: CSV });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const flight = message(await betoStream.next(isChange("flight"), 30_000));
    expect(flight.ids).toHaveLength(1);
    const match = message(await betoStream.next(isChange("match"), 30_000));
    expect(match.first_date).toBe("2026-12-11");

    // A command's import (through the server on the embedded database, straight to PostgreSQL
    // otherwise) is announced the same way, with no user behind it.
    const seen = betoStream.messages.length;
    const file = join(store.dataDir, "vuelos-cli.csv");
    writeFileSync(file, CSV.replace("VB970", "VB971"), "utf8");
    const cli = await runCli("import-flights", [file], { ...store.env });
    expect(cli.code, cli.stdout + cli.stderr).toBe(0);
    const fromCommand = message(await betoStream.next(isChange("flight"), 30_000, seen));
    expect(fromCommand.actor_id).toBeNull();
  });
});
