/**
 * `npm run --silent mvt -- parse [FILE|-] [--station MEX] [--airlines VB,4O]`: reads movement
 * messages (MVT, IATA AHM 780; a file, or standard input when FILE is absent or `-`) and prints
 * them as a JSON array (2-space indent), one entry per message. Problems outside any message (text
 * with no MVT line) go to standard error, one per line. Exit 0 without errors, 1 when any message
 * or the text has an error.
 *
 * Exit 2, with the usage on standard error, for a bad invocation or an unreadable file.
 */
import { readFile } from "node:fs/promises";
import { readMvt, type MvtMessage, type MvtReadOptions } from "../src/domain/mvt";
import { hasErrors, type ReadProblem } from "../src/domain/reading";

const USAGE = `Uso:
  npm run --silent mvt -- parse [ARCHIVO|-] [--station MEX] [--airlines VB,4O]
      lee mensajes de movimiento (MVT, IATA AHM 780) e imprime en JSON uno por mensaje

Sin ARCHIVO, o con '-', lee la entrada estándar. Con --station o --airlines, un mensaje de otra
estación o aerolínea lleva un aviso.
Código de salida: 0 correcto; 1 algún mensaje tiene errores; 2 invocación incorrecta.`;

async function readInput(file: string | undefined): Promise<string> {
  if (file === undefined || file === "-") {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString("utf8");
  }
  return readFile(file, "utf8");
}

/** The printed entry: the message's fields in a fixed order (the reader's `line` and `destination` stay out). */
function entry(m: MvtMessage) {
  return {
    flight: m.flight,
    day: m.day,
    registration: m.registration,
    station: m.station,
    correction: m.correction,
    offBlock: m.offBlock,
    airborne: m.airborne,
    touchdown: m.touchdown,
    onBlock: m.onBlock,
    estimatedDeparture: m.estimatedDeparture,
    estimatedArrival: m.estimatedArrival,
    nextInformation: m.nextInformation,
    delays: m.delays,
    passengers: m.passengers,
    si: m.si,
    diversion: m.diversion,
    return: m.return,
    problems: m.problems,
  };
}

type Invocation = { file: string | undefined; options: MvtReadOptions } | { error: string };

function parseArguments(args: string[]): Invocation {
  let file: string | undefined;
  const options: MvtReadOptions = {};
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] ?? "";
    const [flag, inline] = arg.startsWith("--") ? (arg.split("=", 2) as [string, string | undefined]) : [arg, undefined];
    if (flag === "--station" || flag === "--airlines") {
      const value = inline ?? args[++k];
      if (value === undefined || value === "") return { error: `Falta el valor de ${flag}.` };
      if (flag === "--station") options.station = value.trim().toUpperCase();
      else options.airlines = value.split(",").map((a) => a.trim().toUpperCase()).filter((a) => a !== "");
    } else if (flag.startsWith("--")) return { error: `Opción desconocida: '${flag}'.` };
    else if (file === undefined) file = arg;
    else return { error: `Sobran argumentos: ${args.slice(k).join(" ")}` };
  }
  return { file, options };
}

function shownProblem(p: ReadProblem): string {
  return `línea ${p.line}, columna ${p.column}: ${p.severity}: ${p.message}`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "-h" || command === "--help" || command === "ayuda") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command !== "parse") {
    const reason = command === undefined ? "Falta la orden (parse)." : `Orden desconocida: '${command}'.`;
    process.stderr.write(`${reason}\n\n${USAGE}\n`);
    return 2;
  }
  const invocation = parseArguments(rest);
  if ("error" in invocation) {
    process.stderr.write(`${invocation.error}\n\n${USAGE}\n`);
    return 2;
  }

  let input: string;
  try {
    input = await readInput(invocation.file);
  } catch (error) {
    const detail = error instanceof Error && "code" in error ? String(error.code) : String(error);
    process.stderr.write(`No se pudo leer '${invocation.file ?? "-"}' (${detail}).\n\n${USAGE}\n`);
    return 2;
  }

  const reading = readMvt(input, invocation.options);
  process.stdout.write(`${JSON.stringify(reading.items.map(entry), null, 2)}\n`);
  const inMessages = new Set(reading.items.flatMap((m) => m.problems));
  for (const p of reading.problems) if (!inMessages.has(p)) process.stderr.write(`${shownProblem(p)}\n`);
  return hasErrors(reading.problems) ? 1 : 0;
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
