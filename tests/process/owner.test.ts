/**
 * One owner for the embedded database (issue 10, point 1): while the server runs, the CLIs work
 * through it and their writes are visible at once and after a restart; a second server on the
 * same data directory is refused, naming the process that holds it; after a crash the directory is
 * free again. On PostgreSQL (DATABASE_URL) the same commands write to the server's database
 * directly, and several server instances may share it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore, runCli, type ServerProcess, signIn, startServer, type TestStore } from "./support";

const ADMIN = { email: "ana@aerolinea.example", password: "contraseña-de-ana-2026" };
const CSV = [
  "flight_number;date;direction;origin;destination;std;sta;registration;aircraft_type;seats",
  "VB0901;2026-11-23;L;GDL;MEX;2026-11-23 14:00;2026-11-23 15:30;XA-VBC;320;180",
].join("\n");

let store: TestStore;
let server: ServerProcess | null = null;
const embedded = !process.env.DATABASE_URL;

beforeAll(async () => {
  store = await createStore();
  server = await startServer({ ...store.env, DEMO_DATA: "0" });
});
afterAll(async () => {
  await server?.kill();
  await store.remove();
});

/** The flights the turnover shows for 23/11 (UTC), as an Admin sees them. */
async function flightsOn23(url: string): Promise<string[]> {
  const admin = await signIn(url, ADMIN.email, ADMIN.password);
  const answer = await admin.call("POST", "/api/turnover/", { start: "2026-11-23", end: "2026-11-23", time_zone: "UTC" });
  expect(answer.status).toBe(200);
  return (answer.body as Array<{ flight_name: string | null }>).flatMap((row) => (row.flight_name ? [row.flight_name] : []));
}

describe("the CLIs while the server runs", () => {
  it("user:create: the new user signs in at once, and after a restart", async () => {
    const running = server as ServerProcess;
    const created = await runCli("user-create", ["--email", ADMIN.email, "--role", "Admin", "--password", ADMIN.password], store.env);
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).toContain(`Usuario creado: ${ADMIN.email} (Admin`);
    await signIn(running.url, ADMIN.email, ADMIN.password);

    await running.stop();
    server = await startServer({ ...store.env, DEMO_DATA: "0" });
    await signIn(server.url, ADMIN.email, ADMIN.password);
  });

  it("import:flights: the server shows the flights at once, and after a restart", async () => {
    const file = join(store.dataDir, "..", `vuelos-${process.pid}.csv`);
    writeFileSync(file, CSV);
    const imported = await runCli("import-flights", [file], store.env);
    expect(imported).toMatchObject({ code: 0, stderr: "" });
    expect(imported.stdout).toMatch(/Vuelos cargados de .*: 1 \(1 nuevos, 0 actualizados\)/);
    expect(await flightsOn23((server as ServerProcess).url)).toEqual(["VB901"]);

    await (server as ServerProcess).stop();
    server = await startServer({ ...store.env, DEMO_DATA: "0" });
    expect(await flightsOn23(server.url)).toEqual(["VB901"]);
  });

  it("a file with errors: the CLI lists them with line and column, exits 1 and the server's data is unchanged", async () => {
    const file = join(store.dataDir, "..", `malos-${process.pid}.csv`);
    writeFileSync(file, CSV.replace("GDL;MEX", "GDL;MEXX"));
    const refused = await runCli("import-flights", [file], store.env);
    expect(refused.code).toBe(1);
    // The command reads the file as every load does (loads/apply.ts): each error with line and column.
    expect(refused.stderr).toMatch(/línea 2, columna \d+: /);
    expect(await flightsOn23((server as ServerProcess).url)).toEqual(["VB901"]);
  });

  it("import:schedule: the SSIM example's planned flights show at once; a malformed file is refused with line and column", async () => {
    const url = (server as ServerProcess).url;
    const example = join(__dirname, "../fixtures/schedule/example.ssim");
    const imported = await runCli("import-schedule", [example], store.env);
    expect(imported).toMatchObject({ code: 0, stderr: "" });
    expect(imported.stdout).toMatch(/Vuelos planeados cargados \(SSIM\) de .*: 27 \(27 nuevos, 0 actualizados\)/);
    const admin = await signIn(url, ADMIN.email, ADMIN.password);
    const answer = await admin.call("POST", "/api/turnover/", { start: "2026-12-02", end: "2026-12-02", time_zone: "UTC" });
    const names = (answer.body as Array<{ flight_name: string | null }>).flatMap((row) => (row.flight_name ? [row.flight_name] : []));
    expect(names.sort()).toEqual(["VB850", "VB851", "VB852"]);

    const file = join(store.dataDir, "..", `malo-${process.pid}.ssim`);
    writeFileSync(file, readFileSync(example, "latin1").replace("GDL07000700", "GDL07000760"));
    const refused = await runCli("import-schedule", [file], store.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/línea 11, columna 44: /);
  });
});

describe("who holds the data directory", () => {
  it(
    embedded
      ? "a second server on the same DATA_DIR refuses in Spanish, naming the process that holds it"
      : "on PostgreSQL a second server may share the database",
    async () => {
      const running = server as ServerProcess;
      if (embedded) {
        const second = await startServer({ ...store.env, DEMO_DATA: "0" }, /no pudo iniciar/);
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(/La carpeta de datos .* está en uso por el proceso \d+ \(servidor Slotdesk, desde/);
      } else {
        const second = await startServer({ ...store.env, DEMO_DATA: "0" });
        expect(await flightsOn23(second.url)).toEqual(["VB901"]);
        await second.stop();
      }
      // The first one never noticed.
      expect(await flightsOn23(running.url)).toEqual(["VB901"]);
    },
  );

  it("after the server crashed, a CLI opens the directory itself, and the next server sees its write", async () => {
    await (server as ServerProcess).kill();
    server = null;
    const created = await runCli("user-create", ["--email", "beto@aerolinea.example", "--role", "Slot"], store.env);
    expect(created.code).toBe(0);
    const password = /Contraseña \(se muestra solo esta vez\): (\S+)/.exec(created.stdout)?.[1] ?? "";
    expect(password).toHaveLength(16);
    server = await startServer({ ...store.env, DEMO_DATA: "0" });
    await signIn(server.url, "beto@aerolinea.example", password);
  });

  it("a DATA_DIR that is a file: a Spanish message, exit 1, and the file untouched", async () => {
    const file = join(store.dataDir, "..", `no-es-carpeta-${process.pid}`);
    writeFileSync(file, "hola");
    const env = { DATABASE_URL: "", DATA_DIR: file };
    const cli = await runCli("user-create", ["--email", "c@aerolinea.example", "--role", "Slot"], env);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`DATA_DIR (${file}) no es una carpeta: es un archivo.`);
    const refused = await startServer({ ...env, DEMO_DATA: "0" }, /no pudo iniciar/);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain("no es una carpeta");
  });
});
