/**
 * Reading the coordinator's list (SIR, SAL or SHL; SSIM Chapter 6) for the comparison with the
 * register: the one tolerant reader of ../scr reads it; here only what makes the whole file
 * unusable is decided (another message type, a header it cannot read, another season or airport,
 * no data line). Lines it could not read stay problems of the comparison, never a refusal.
 */
import { parseScr, type ScrMessage } from "../scr";
import { scrDateToIso } from "../scr/dates";

/** The messages whose lines list what the coordinator holds for the airline. */
export const COORDINATOR_LIST_TYPES = ["SIR", "SAL", "SHL"] as const;
export type CoordinatorListType = (typeof COORDINATOR_LIST_TYPES)[number];

/** The coordinated airport Slotdesk works at when the caller names no other (issue 37: the active airports). */
export const COORDINATOR_LIST_AIRPORT = "MEX";

export type ListRefusalDetail = { line?: number; column?: number; message: string };
/** Why a whole file is refused: one Spanish sentence and a detail per place (file, line, column). */
export type ListRefusal = { refused: true; message: string; details: ListRefusalDetail[] };

export type CoordinatorListMessage = {
  refused: false;
  message: ScrMessage;
  type: CoordinatorListType;
  season: string;
  airport: string;
  /** The header's date in the season's years, `yyyy-MM-dd`, or null. */
  date: string | null;
  /** `según SIR del coordinador 21/11`: what the history and the audit say of a correction. */
  source: string;
};

const isListType = (value: string): value is CoordinatorListType => COORDINATOR_LIST_TYPES.some((type) => type === value);

function refusal(message: string, details: ListRefusalDetail[] = []): ListRefusal {
  return { refused: true, message, details: details.length > 0 ? details : [{ message }] };
}

/** The 1-based line of the first line `wanted` accepts (upper-cased, trimmed). */
function headerLine(text: string, wanted: (line: string) => boolean): number | undefined {
  const lines = text.split(/\r\n|\n|\r/, 12);
  const index = lines.findIndex((line) => wanted(line.trim().toUpperCase()));
  return index === -1 ? undefined : index + 1;
}

/**
 * The list, or why it is refused whole. `expectedSeason` is the season the person compares (a
 * list of another season is refused); `knownSeason` says whether Slotdesk holds a season.
 */
export function readCoordinatorList(
  text: string,
  fileName: string,
  options: {
    expectedSeason?: string | undefined;
    /** Whether Slotdesk holds the season at the airport. */
    knownSeason: (season: string, airport: string) => boolean;
    /** The active airports (issue 37): a list of any other airport is refused. Default: MEX only. */
    airports?: readonly string[];
  },
): CoordinatorListMessage | ListRefusal {
  if (text.trim() === "") return refusal(`El archivo ${fileName} está vacío: se esperaba una lista SIR, SAL o SHL del coordinador.`);
  const message = parseScr(text);
  const lines = text.split(/\r\n|\n|\r/, 50);
  const smiLine = lines.findIndex((line) => line.trim() !== "") + 1;
  const smiError = message.problems.find((problem) => problem.severity === "error" && problem.line === smiLine);
  if (smiError) {
    const sentence = `El archivo ${fileName} no empieza con SIR, SAL o SHL (línea ${smiLine}, columna ${smiError.column}: se encontró '${(lines[smiLine - 1] ?? "").trim().slice(0, 40)}'): se esperaba una lista del coordinador.`;
    return refusal(sentence, [{ line: smiLine, column: smiError.column, message: sentence }]);
  }
  const smi = message.header.smi;
  if (!isListType(smi)) {
    const sentence = `El archivo ${fileName} es un mensaje ${smi} (línea ${smiLine}, columna 1): aquí se comparan las listas SIR, SAL o SHL del coordinador.`;
    return refusal(sentence, [{ line: smiLine, column: 1, message: sentence }]);
  }
  const { season, airport, date: written } = message.header;
  if (season === null || airport === null || written === null) {
    const firstData = message.lines[0]?.line ?? Number.MAX_SAFE_INTEGER;
    const errors = message.problems.filter((problem) => problem.severity === "error" && problem.line < firstData);
    const details = errors.slice(0, 20).map((problem) => ({
      line: problem.line,
      column: problem.column,
      message: `${fileName}, línea ${problem.line}, columna ${problem.column}: ${problem.message}`,
    }));
    const missing = [season === null ? "la temporada" : null, written === null ? "la fecha del mensaje" : null, airport === null ? "el aeropuerto" : null]
      .filter((part) => part !== null)
      .join(", ");
    return refusal(`La cabecera de ${fileName} no se pudo leer: falta ${missing}. ${details[0]?.message ?? ""}`.trim(), details);
  }
  const seasonLine = headerLine(text, (line) => line === season);
  const airportLine = headerLine(text, (line) => line === airport);
  const held = options.airports ?? [COORDINATOR_LIST_AIRPORT];
  if (!held.includes(airport)) {
    const notHeld =
      held.length === 1 ? `no de ${held[0]}` : `que no está entre los aeropuertos activos de Slotdesk (${held.join(", ")})`;
    const sentence = `La lista ${fileName} es del aeropuerto ${airport} (línea ${airportLine ?? "?"}, columna 1), ${notHeld}: no se compara nada.`;
    return refusal(sentence, [{ ...(airportLine ? { line: airportLine } : {}), column: 1, message: sentence }]);
  }
  if (options.expectedSeason !== undefined && options.expectedSeason !== season) {
    const sentence = `La lista ${fileName} es de la temporada ${season} (línea ${seasonLine ?? "?"}, columna 1), no de ${options.expectedSeason}: no se compara nada.`;
    return refusal(sentence, [{ ...(seasonLine ? { line: seasonLine } : {}), column: 1, message: sentence }]);
  }
  if (!options.knownSeason(season, airport)) {
    const where = held.length === 1 ? "" : ` para ${airport}`;
    const sentence = `La lista ${fileName} es de la temporada ${season} (línea ${seasonLine ?? "?"}, columna 1), que no está en Slotdesk${where}: cárguela primero en Inicio de Temp.`;
    return refusal(sentence, [{ ...(seasonLine ? { line: seasonLine } : {}), column: 1, message: sentence }]);
  }
  if (message.lines.length === 0 && message.errors.length === 0) {
    return refusal(`La lista ${fileName} no trae ninguna línea de slots.`);
  }
  const date = scrDateToIso(written, season);
  const dayMonth = date === null ? written : `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  return { refused: false, message, type: smi, season, airport, date, source: `según ${smi} del coordinador ${dayMonth}`.trim() };
}
