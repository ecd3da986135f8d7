/**
 * `npm run import:schedule -- FILE`: loads the airline's planned schedule (IATA SSIM Chapter 7,
 * README "Schedule import (SSIM)") into the configured database — through the running server when
 * there is one — exactly as POST /api/schedule/import/ does: a file with any error changes nothing
 * and its errors are listed with line and column (exit 1); otherwise the legs at MEX become dated
 * planned flights, inserted or updated, and their dates re-matched, in one transaction, and what
 * the reader assumed is listed as warnings (avisos) with line and column.
 */
import { readFile } from "node:fs/promises";
import { printOutput, runCommand } from "../src/server/owner/commands";
import { DataDirError } from "../src/server/owner/lock";

const usage = "Uso: npm run import:schedule -- ARCHIVO.ssim";

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return 0;
  }
  if (args.length !== 1 || !args[0]) {
    console.error(`Indique un archivo SSIM (capítulo 7).\n${usage}`);
    return 2;
  }
  const file = args[0];
  let content: string;
  try {
    // SSIM is ASCII: latin1 keeps one character per byte, so a stray byte cannot shift the columns.
    content = await readFile(file, "latin1");
  } catch (error) {
    console.error(`No se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  return printOutput(await runCommand("schedule:import", { fileName: file, content }, "npm run import:schedule"));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirError ? error.message : `No se pudo importar: ${String(error)}`);
    process.exit(1);
  },
);
