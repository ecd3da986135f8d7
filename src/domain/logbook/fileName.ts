/**
 * Seed 002 §9: a logbook file is named 'VIV', the season, the reference padded to 3 digits, and
 * '-{part}' when the part is above 1 (`VIVW26003.txt`, `VIVW26003-2.pdf`).
 */
export type LogFileExtension = "txt" | "pdf";

export function logFileBaseName(season: string, reference: number, part: number): string {
  return `VIV${season}${String(reference).padStart(3, "0")}${part > 1 ? `-${part}` : ""}`;
}

export function logFileName(season: string, reference: number, part: number, extension: LogFileExtension): string {
  return `${logFileBaseName(season, reference, part)}.${extension}`;
}

/** The season, reference and part a file name carries (any extension, any case), or null. */
export function parseLogFileName(name: string): { season: string; reference: number; part: number } | null {
  const base = name.replace(/^.*[\\/]/, "");
  const found = /^VIV([SW]\d{2})(\d{3,})(?:-(\d+))?(?:\.[A-Za-z0-9]+)?$/i.exec(base.trim());
  if (!found?.[1] || !found[2]) return null;
  const reference = Number(found[2]);
  const part = found[3] === undefined ? 1 : Number(found[3]);
  if (!Number.isSafeInteger(reference) || reference < 1 || !Number.isSafeInteger(part) || part < 1) return null;
  return { season: found[1].toUpperCase(), reference, part };
}
