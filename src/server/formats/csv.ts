/**
 * CSV written for the turnover download and the reports (UTF-8 with a BOM so Excel reads the
 * accents, `;`-separated as Excel expects in es-MX, CRLF line ends, RFC 4180 quoting). The reader
 * is in the domain (`src/domain/csv.ts`).
 */

/** A text cell that a spreadsheet would read as a formula gets a leading apostrophe. */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quote(value: string, separator: string): string {
  return value.includes(separator) || value.includes('"') || value.includes("\n") || value.includes("\r")
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** The file: BOM, header, rows; every line ends in CRLF. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>, separator = ";"): string {
  const lines = [header, ...rows].map((cells) => cells.map((cell) => quote(cell, separator)).join(separator));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
