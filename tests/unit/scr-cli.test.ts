import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScr } from "../../src/domain/scr";

const EXAMPLE = `SCR
/slots@airline.example
W26
21NOV
MEX
NVB1234 05DEC05DEC 0000060 180320 MTY0700 J
N VB1235 05DEC05DEC 0000060 180320 0800MTY J
CVB1102 12JAN12JAN 0200000 180320 CUN1310 J
RVB1102 12JAN12JAN 0200000 180320 CUN1340 J
D VB1103 13JAN13JAN 0030000 220321 1445CUN J
SI IF NOT AVBL PLS OFFER NEAREST
GI SALUDOS/J. PEREZ
`;

const TSX = join("node_modules", ".bin", "tsx");
const TIMEOUT = 60_000;

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `tsx scripts/scr.ts ...args` from the project root, feeding `stdin`. */
function scr(args: string[], stdin = ""): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["scripts/scr.ts", ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

let dir = "";
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "scr-cli-"));
  await writeFile(file("example.scr"), EXAMPLE);
  await writeFile(file("bad.scr"), EXAMPLE.replace("MTY0700 J", "MTY0700 Q"));
  await writeFile(file("sal.txt"), readFileSync(join(__dirname, "../fixtures/scr/sal.txt"), "utf8"));
  await writeFile(file("example.json"), JSON.stringify(parseScr(EXAMPLE), null, 2));
  await writeFile(file("broken.json"), "{ no es JSON");
  await writeFile(
    file("invalid.json"),
    JSON.stringify({ header: { season: "W26", date: "21NOV", airport: "MEX" }, lines: [{ ...parseScr(EXAMPLE).lines[0], seats: 1000 }] }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("scr parse", () => {
  it(
    "prints the message value as 2-space JSON and exits 0",
    async () => {
      const run = await scr(["parse", file("example.scr")]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`${JSON.stringify(parseScr(EXAMPLE), null, 2)}\n`);
      const printed: unknown = JSON.parse(run.stdout);
      expect(printed).toMatchObject({ header: { smi: "SCR", season: "W26", airport: "MEX" }, errors: [] });
    },
    TIMEOUT,
  );

  it(
    "reads standard input without FILE or with '-'",
    async () => {
      const expected = `${JSON.stringify(parseScr(EXAMPLE), null, 2)}\n`;
      const [bare, dash] = await Promise.all([scr(["parse"], EXAMPLE), scr(["parse", "-"], EXAMPLE)]);
      expect([bare.code, bare.stdout]).toEqual([0, expected]);
      expect([dash.code, dash.stdout]).toEqual([0, expected]);
    },
    TIMEOUT,
  );

  it(
    "exits 1 when the message has errors, which are in the JSON",
    async () => {
      const run = await scr(["parse", file("bad.scr")]);
      expect(run.code).toBe(1);
      const printed = JSON.parse(run.stdout) as { errors: unknown[]; lines: unknown[] };
      expect(printed.errors).toEqual([
        {
          line: 6,
          column: 43,
          message:
            "Tipo de servicio 'Q' desconocido: se esperaba J, C, F, H, P, X, D, N, S, O, T, K, G, B, E, W, V, M, A, L, I, Y, Z o U",
        },
      ]);
      expect(printed.lines).toHaveLength(4);
      expect((JSON.parse(run.stdout) as { problems: unknown[] }).problems).toEqual([
        {
          line: 6,
          column: 43,
          text: "NVB1234 05DEC05DEC 0000060 180320 MTY0700 Q",
          severity: "error",
          message:
            "Tipo de servicio 'Q' desconocido: se esperaba J, C, F, H, P, X, D, N, S, O, T, K, G, B, E, W, V, M, A, L, I, Y, Z o U",
        },
      ]);
    },
    TIMEOUT,
  );

  it(
    "exits 0 for a coordinator's list read with warnings, which are in the JSON's problems with their severity",
    async () => {
      const run = await scr(["parse", file("sal.txt")]);
      expect(run.code).toBe(0);
      const printed = JSON.parse(run.stdout) as { header: { smi: string }; errors: unknown[]; problems: { line: number; column: number; severity: string }[] };
      expect(printed.header.smi).toBe("SAL");
      expect(printed.errors).toEqual([]);
      expect(printed.problems.map((p) => [p.line, p.column, p.severity])).toEqual([
        [7, 9, "aviso"],
        [7, 14, "aviso"],
        [8, 10, "aviso"],
        [8, 15, "aviso"],
      ]);
    },
    TIMEOUT,
  );
});

describe("scr build", () => {
  it(
    "prints the canonical text of the parse JSON and exits 0",
    async () => {
      const run = await scr(["build", file("example.json")]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(EXAMPLE);
    },
    TIMEOUT,
  );

  it(
    "exits 1 with Spanish problems for bad JSON or values it cannot write",
    async () => {
      const [broken, invalid] = await Promise.all([scr(["build", file("broken.json")]), scr(["build", file("invalid.json")])]);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/^El JSON no es válido: /);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toBe("lines[0].seats: Los asientos deben ser un entero de 0 a 999\n");
      expect(invalid.stdout).toBe("");
    },
    TIMEOUT,
  );
});

describe("scr invocation", () => {
  it(
    "exits 2 with the Spanish usage for a bad invocation",
    async () => {
      const runs = await Promise.all([
        scr([]),
        scr(["validar", file("example.scr")]),
        scr(["parse", file("example.scr"), "otro"]),
        scr(["parse", file("no-existe.scr")]),
      ]);
      for (const run of runs) {
        expect(run.code).toBe(2);
        expect(run.stdout).toBe("");
        expect(run.stderr).toContain("Uso:");
      }
      expect(runs.map((run) => run.stderr.split("\n")[0])).toEqual([
        "Falta la orden (parse o build).",
        "Orden desconocida: 'validar'.",
        "Sobran argumentos: otro",
        `No se pudo leer '${file("no-existe.scr")}' (ENOENT).`,
      ]);
    },
    TIMEOUT,
  );

  it(
    "prints the usage on --help and exits 0",
    async () => {
      const run = await scr(["--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("npm run --silent scr -- parse [ARCHIVO|-]");
    },
    TIMEOUT,
  );
});
