/**
 * Reads an SCR message value from untyped data (JSON written by `npm run scr -- parse`, or by hand)
 * into the typed shape, checking only the shape: the builder checks the values. Optional keys may
 * be left out: `creator`, `reyt`, `previous`, `overnight`, `next`, `days`, `frequencyRate`,
 * `extra` (null), `to` (same as `from`), `si`, `gi` (empty), `line` and `errors` (ignored).
 */
import { withCanonicalLineNumbers, type ScrBuildProblem, type ScrDataLineInput } from "./build";
import { isActionCode } from "./tokens";
import type { ScrArrival, ScrDeparture, ScrHeader, ScrMessage } from "./types";

export type ScrDecodeResult = { ok: true; message: ScrMessage } | { ok: false; problems: ScrBuildProblem[] };

type Reader = { problems: ScrBuildProblem[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(r: Reader, obj: Record<string, unknown>, key: string, path: string): string {
  const value = obj[key];
  if (typeof value === "string") return value;
  r.problems.push({ path: `${path}.${key}`, message: "Debe ser texto" });
  return "";
}

function strOrNull(r: Reader, obj: Record<string, unknown>, key: string, path: string): string | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  r.problems.push({ path: `${path}.${key}`, message: "Debe ser texto o null" });
  return null;
}

function num(r: Reader, obj: Record<string, unknown>, key: string, path: string): number {
  const value = obj[key];
  if (typeof value === "number") return value;
  r.problems.push({ path: `${path}.${key}`, message: "Debe ser un número" });
  return 0;
}

function numOrNull(r: Reader, obj: Record<string, unknown>, key: string, path: string): number | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return value;
  r.problems.push({ path: `${path}.${key}`, message: "Debe ser un número o null" });
  return null;
}

function strings(r: Reader, obj: Record<string, unknown>, key: string): string[] {
  const value = obj[key];
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.map(String);
  r.problems.push({ path: key, message: "Debe ser una lista de textos" });
  return [];
}

/** An optional object at `path`: null when absent, else what `read` makes of it (a problem when it is no object). */
function readOptionalObject<T>(r: Reader, value: unknown, path: string, read: (fields: Record<string, unknown>) => T): T | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) {
    r.problems.push({ path, message: "Debe ser un objeto o null" });
    return null;
  }
  return read(value);
}

function readArrival(r: Reader, value: unknown, path: string): ScrArrival | null {
  return readOptionalObject(r, value, path, (fields) => ({
    flight: str(r, fields, "flight", path),
    origin: str(r, fields, "origin", path),
    previous: strOrNull(r, fields, "previous", path),
    time: str(r, fields, "time", path),
  }));
}

function readDeparture(r: Reader, value: unknown, path: string): ScrDeparture | null {
  return readOptionalObject(r, value, path, (fields) => ({
    flight: str(r, fields, "flight", path),
    time: str(r, fields, "time", path),
    overnight: numOrNull(r, fields, "overnight", path),
    next: strOrNull(r, fields, "next", path),
    destination: str(r, fields, "destination", path),
  }));
}

function readLine(r: Reader, value: unknown, path: string): ScrDataLineInput | null {
  if (!isRecord(value)) {
    r.problems.push({ path, message: "Debe ser un objeto" });
    return null;
  }
  const action = value.action;
  if (!isActionCode(action)) {
    r.problems.push({ path: `${path}.action`, message: `Código de acción ${JSON.stringify(action) ?? "ausente"} no válido` });
    return null;
  }
  const from = str(r, value, "from", path);
  return {
    action,
    arrival: readArrival(r, value.arrival, `${path}.arrival`),
    departure: readDeparture(r, value.departure, `${path}.departure`),
    from,
    to: value.to === undefined ? from : str(r, value, "to", path),
    days: strOrNull(r, value, "days", path),
    seats: num(r, value, "seats", path),
    aircraft: str(r, value, "aircraft", path),
    service: str(r, value, "service", path),
    frequencyRate: numOrNull(r, value, "frequencyRate", path),
    extra: strOrNull(r, value, "extra", path),
  };
}

/** Reads the shape of a message value; the builder then checks the values themselves. */
export function decodeScrMessage(value: unknown): ScrDecodeResult {
  const r: Reader = { problems: [] };
  if (!isRecord(value)) return { ok: false, problems: [{ path: "", message: "Se esperaba un objeto JSON" }] };
  const headerValue = value.header;
  if (!isRecord(headerValue)) return { ok: false, problems: [{ path: "header", message: "Falta el objeto header" }] };
  if (headerValue.smi !== undefined && headerValue.smi !== "SCR") {
    r.problems.push({ path: "header.smi", message: "Debe ser 'SCR'" });
  }
  const header: ScrHeader = {
    smi: "SCR",
    creator: strOrNull(r, headerValue, "creator", "header"),
    season: strOrNull(r, headerValue, "season", "header"),
    date: strOrNull(r, headerValue, "date", "header"),
    airport: strOrNull(r, headerValue, "airport", "header"),
    reyt: strOrNull(r, headerValue, "reyt", "header"),
  };
  const linesValue = value.lines ?? [];
  const lines: ScrDataLineInput[] = [];
  if (!Array.isArray(linesValue)) r.problems.push({ path: "lines", message: "Debe ser una lista" });
  else {
    linesValue.forEach((item: unknown, index) => {
      const line = readLine(r, item, `lines[${index}]`);
      if (line) lines.push(line);
    });
  }
  const si = strings(r, value, "si");
  const gi = strings(r, value, "gi");
  if (r.problems.length > 0) return { ok: false, problems: r.problems };
  return { ok: true, message: withCanonicalLineNumbers({ header, lines, si, gi }) };
}
