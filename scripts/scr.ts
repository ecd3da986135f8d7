/**
 * `npm run --silent scr -- parse [FILE|-]`: reads an SSIM Chapter 6 message (SCR, SIR, SAL, SHL or
 * SMA; a file, or standard input when FILE is absent or `-`) and prints its value as JSON (2-space
 * indent). Its `problems` hold every warning (`aviso`: read, with the assumption named) and error
 * with line, column and the line's text; `errors` repeats the errors alone. Exit 0 without errors
 * (warnings or not), 1 when the message has errors.
 *
 * `npm run --silent scr -- build [FILE|-]`: reads that JSON and prints the canonical SCR text.
 * Exit 0, or 1 (problems on standard error) when the JSON cannot be written as a message.
 *
 * Exit 2, with the usage on standard error, for a bad invocation or an unreadable file.
 */
import { readFile } from "node:fs/promises";
import { buildScr, decodeScrMessage, parseScr, ScrBuildError, type ScrBuildProblem } from "../src/domain/scr";

const USAGE = `Uso:
  npm run --silent scr -- parse [ARCHIVO|-]   lee un mensaje SCR, SIR, SAL, SHL o SMA e imprime su valor en JSON
                                             (problems: avisos y errores con línea y columna)
  npm run --silent scr -- build [ARCHIVO|-]   lee ese JSON e imprime el texto SCR

Sin ARCHIVO, o con '-', lee la entrada estándar.
Código de salida: 0 correcto; 1 el mensaje (parse) o el JSON (build) tiene errores; 2 invocación incorrecta.`;

async function readInput(file: string | undefined): Promise<string> {
  if (file === undefined || file === "-") {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString("utf8");
  }
  return readFile(file, "utf8");
}

function printProblems(problems: ScrBuildProblem[]): void {
  for (const { path, message } of problems) process.stderr.write(`${path ? `${path}: ` : ""}${message}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (command === "-h" || command === "--help" || command === "ayuda") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if ((command !== "parse" && command !== "build") || rest.length > 0) {
    const reason =
      command === undefined
        ? "Falta la orden (parse o build)."
        : command !== "parse" && command !== "build"
          ? `Orden desconocida: '${command}'.`
          : `Sobran argumentos: ${rest.join(" ")}`;
    process.stderr.write(`${reason}\n\n${USAGE}\n`);
    return 2;
  }

  let input: string;
  try {
    input = await readInput(file);
  } catch (error) {
    const detail = error instanceof Error && "code" in error ? String(error.code) : String(error);
    process.stderr.write(`No se pudo leer '${file ?? "-"}' (${detail}).\n\n${USAGE}\n`);
    return 2;
  }

  if (command === "parse") {
    const message = parseScr(input);
    process.stdout.write(`${JSON.stringify(message, null, 2)}\n`);
    return message.errors.length === 0 ? 0 : 1;
  }

  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch (error) {
    process.stderr.write(`El JSON no es válido: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const decoded = decodeScrMessage(value);
  if (!decoded.ok) {
    printProblems(decoded.problems);
    return 1;
  }
  try {
    process.stdout.write(`${buildScr(decoded.message)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ScrBuildError) {
      printProblems(error.problems);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Error inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  },
);
