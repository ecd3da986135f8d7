import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const FIXTURES = join(__dirname, "../fixtures/mvt");
const DEPARTURE = readFileSync(join(FIXTURES, "departure.mvt"), "utf8");
const TSX = join("node_modules", ".bin", "tsx");
const TIMEOUT = 60_000;

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `tsx scripts/mvt.ts ...args` from the project root, feeding `stdin`. */
function mvt(args: string[], stdin = ""): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["scripts/mvt.ts", ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const DEPARTURE_ENTRY = {
  flight: "VB1234",
  day: 26,
  registration: "XAVRA",
  station: "MEX",
  correction: false,
  offBlock: "1015",
  airborne: "1025",
  touchdown: null,
  onBlock: null,
  estimatedDeparture: null,
  estimatedArrival: "1230",
  nextInformation: null,
  delays: [
    { code: "11", minutes: 15 },
    { code: "93", minutes: 20 },
  ],
  passengers: 145,
  si: ["CREW LATE FROM HOTEL", "PUSHBACK TRACTOR U/S 5 MIN"],
  diversion: null,
  return: null,
  problems: [],
};

let dir = "";
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mvt-cli-"));
  await writeFile(file("other.mvt"), "MVT\nXX1/26.XAVRA.GDL\nAD1015/1025\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("mvt parse", () => {
  it(
    "prints one entry per message, with exactly the entry's fields, as 2-space JSON, and exits 0",
    async () => {
      const run = await mvt(["parse", join(FIXTURES, "departure.mvt")]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`${JSON.stringify([DEPARTURE_ENTRY], null, 2)}\n`);
    },
    TIMEOUT,
  );

  it(
    "reads standard input without FILE or with '-'",
    async () => {
      const expected = `${JSON.stringify([DEPARTURE_ENTRY], null, 2)}\n`;
      const [bare, dash] = await Promise.all([mvt(["parse"], DEPARTURE), mvt(["parse", "-"], DEPARTURE)]);
      expect([bare.code, bare.stdout]).toEqual([0, expected]);
      expect([dash.code, dash.stdout]).toEqual([0, expected]);
    },
    TIMEOUT,
  );

  it(
    "exits 1 when a message has an error; the problems are in its entry, the other messages read",
    async () => {
      const run = await mvt(["parse", join(FIXTURES, "malformed.mvt")]);
      expect(run.code).toBe(1);
      const printed = JSON.parse(run.stdout) as { flight: string | null; problems: { line: number; column: number; text: string; severity: string; message: string }[] }[];
      expect(printed).toHaveLength(8);
      expect(printed[0]?.problems).toEqual([
        {
          line: 3,
          column: 8,
          text: "AD1015/0950",
          severity: "error",
          message: "El despegue (0950) es anterior a la salida de calzos (1015): el mensaje no se aplica",
        },
      ]);
      expect(printed[7]).toMatchObject({ flight: "4O1240", problems: [] });
    },
    TIMEOUT,
  );

  it(
    "warns on another station or airline with --station and --airlines, and exits 0",
    async () => {
      const [plain, checked, inline] = await Promise.all([
        mvt(["parse", file("other.mvt")]),
        mvt(["parse", file("other.mvt"), "--station", "mex", "--airlines", "VB,4O"]),
        mvt(["parse", "--station=MEX", file("other.mvt")]),
      ]);
      expect((JSON.parse(plain.stdout) as { problems: unknown[] }[])[0]?.problems).toEqual([]);
      expect(checked.code).toBe(0);
      const messages = (JSON.parse(checked.stdout) as { problems: { severity: string; message: string }[] }[])[0]?.problems.map((p) => `${p.severity} ${p.message}`);
      expect(messages).toEqual([
        "aviso El vuelo XX1 es de otra aerolínea (se esperaba VB o 4O): no se aplica",
        "aviso El mensaje es de la estación GDL, no de MEX: no se aplica",
      ]);
      expect((JSON.parse(inline.stdout) as { problems: unknown[] }[])[0]?.problems).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    "prints an empty list and the problems outside any message on standard error, exit 1, for a text without MVT",
    async () => {
      const run = await mvt(["parse"], "HOLA\n");
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("[]\n");
      expect(run.stderr).toBe(
        "línea 1, columna 1: error: No se encontró ningún mensaje MVT (una línea MVT seguida de la del vuelo)\n" +
          "línea 1, columna 1: aviso: Texto fuera de un mensaje MVT: ignorado\n",
      );
    },
    TIMEOUT,
  );
});

describe("mvt invocation", () => {
  it(
    "exits 2 with the Spanish usage for a bad invocation",
    async () => {
      const runs = await Promise.all([
        mvt([]),
        mvt(["build"]),
        mvt(["parse", file("other.mvt"), "otro"]),
        mvt(["parse", "--station"]),
        mvt(["parse", "--verbose"]),
        mvt(["parse", file("no-existe.mvt")]),
      ]);
      for (const run of runs) {
        expect(run.code).toBe(2);
        expect(run.stdout).toBe("");
        expect(run.stderr).toContain("Uso:");
      }
      expect(runs.map((run) => run.stderr.split("\n")[0])).toEqual([
        "Falta la orden (parse).",
        "Orden desconocida: 'build'.",
        "Sobran argumentos: otro",
        "Falta el valor de --station.",
        "Opción desconocida: '--verbose'.",
        `No se pudo leer '${file("no-existe.mvt")}' (ENOENT).`,
      ]);
    },
    TIMEOUT,
  );

  it(
    "prints the usage on --help and exits 0",
    async () => {
      const run = await mvt(["--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("npm run --silent mvt -- parse [ARCHIVO|-]");
    },
    TIMEOUT,
  );
});
