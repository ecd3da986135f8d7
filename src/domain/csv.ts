/**
 * A strict CSV reader that keeps the line and column (1-based) of every field, for the flight
 * import (`./flights`). The writer is the server's (`src/server/formats/csv.ts`).
 */

export type CsvRecord = {
  /** 1-based physical line where the record starts. */
  line: number;
  fields: string[];
};

export type CsvProblem = { line: number; column: number; message: string };

/**
 * Splits CSV text into records. Fields may be quoted with `"` (a doubled `""` inside is one
 * quote; a quoted field may hold the separator and line breaks). Blank lines are skipped; a
 * leading BOM is ignored. Problems (an unterminated quote, text after a closing quote) are
 * reported with their position and the record is dropped.
 */
export function readCsv(text: string, separator: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let broken: CsvProblem | null = null;
    // One record.
    for (;;) {
      let value = "";
      if (text[i] === '"') {
        i += 1;
        let closed = false;
        while (i < n) {
          const c = text[i] as string;
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (c === "\n") line += 1;
          value += c;
          i += 1;
        }
        if (!closed) {
          broken ??= { line: startLine, column: fields.length + 1, message: "Falta la comilla que cierra el campo." };
        } else if (i < n && text[i] !== separator && text[i] !== "\n" && text[i] !== "\r") {
          broken ??= {
            line,
            column: fields.length + 1,
            message: "Hay texto después de la comilla que cierra el campo.",
          };
          while (i < n && text[i] !== separator && text[i] !== "\n") i += 1;
        }
      } else {
        const from = i;
        while (i < n && text[i] !== separator && text[i] !== "\n" && text[i] !== "\r") i += 1;
        value = text.slice(from, i);
      }
      fields.push(value);
      if (i < n && text[i] === separator) {
        i += 1;
        continue;
      }
      break;
    }
    // End of record: \r\n, \n or the end of the text.
    if (text[i] === "\r") i += 1;
    if (text[i] === "\n") {
      i += 1;
      line += 1;
    }
    if (broken) problems.push(broken);
    else if (!(fields.length === 1 && fields[0]?.trim() === "")) records.push({ line: startLine, fields });
  }
  return { records, problems };
}
