/**
 * One reading model for every input Slotdesk takes from the world (SSIM Chapter 6 messages,
 * SSIM Chapter 7 schedules, the flight CSV, movement messages, the coordinator's lists).
 *
 * Strict writer, tolerant reader: a reader returns what it read plus problems. Each problem names
 * the 1-based line and column, the line's text as written, a Spanish message, and a severity:
 * - `aviso`: the line was read, with the assumption named in the message;
 * - `error`: that line could not be understood and is not loaded (the rest of the file is).
 * A reader never throws on bad input and never refuses a whole file for one bad line; only what
 * cannot be understood at all (not the format, empty) is refused whole, by the caller.
 */

export type ReadSeverity = "aviso" | "error";

export type ReadProblem = {
  /** 1-based line number in the file or message. */
  line: number;
  /** 1-based column of what the message is about (1 when it is about the whole line). */
  column: number;
  /** The line as written (without its line end), so a person sees it without opening the file. */
  text: string;
  severity: ReadSeverity;
  /** Spanish, for people: what is wrong, or what was assumed. */
  message: string;
};

export type Reading<T> = {
  items: T[];
  problems: ReadProblem[];
};

export function warning(line: number, column: number, text: string, message: string): ReadProblem {
  return { line, column, text, severity: "aviso", message };
}

export function readError(line: number, column: number, text: string, message: string): ReadProblem {
  return { line, column, text, severity: "error", message };
}

export function hasErrors(problems: readonly ReadProblem[]): boolean {
  return problems.some((p) => p.severity === "error");
}

export function countProblems(problems: readonly ReadProblem[]): { warnings: number; errors: number } {
  let warnings = 0;
  let errors = 0;
  for (const p of problems) {
    if (p.severity === "error") errors++;
    else warnings++;
  }
  return { warnings, errors };
}

/** The distinct line numbers that carry an error: the lines a load leaves out. */
export function errorLines(problems: readonly ReadProblem[]): number[] {
  const lines = new Set<number>();
  for (const p of problems) if (p.severity === "error") lines.add(p.line);
  return [...lines].sort((a, b) => a - b);
}

/** Problems in file order: by line, then column, errors before warnings on the same spot. */
export function sortProblems(problems: ReadProblem[]): ReadProblem[] {
  return problems.sort(
    (a, b) => a.line - b.line || a.column - b.column || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1),
  );
}

/**
 * Splits a text into lines as people's files come: CRLF, LF or a lone CR; a byte-order mark at the
 * start is dropped. Line n of the result is line n+1 of the file.
 */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r\n|\n|\r/);
}
export { decodeText } from "./decode";
