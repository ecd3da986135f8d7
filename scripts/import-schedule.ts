/**
 * `npm run import:schedule -- FILE [--omitir-errores]`: loads the airline's planned schedule (IATA
 * SSIM Chapter 7, README "Schedule import (SSIM)") into the configured database — through the
 * running server when there is one — as a data load, exactly as Cargas de datos and the feed
 * folder do (src/server/loads/apply.ts) and recorded in the load history: a file with a line in
 * error changes nothing and its errors are listed with line and column (exit 1) unless
 * `--omitir-errores` leaves those lines out; otherwise the legs at MEX become dated planned
 * flights, inserted or updated, and their dates re-matched, in one transaction; what the reader
 * assumed is listed as warnings (avisos) with line and column.
 */
import { basename } from "node:path";
import { printOutput, readCommandFile, runCommand } from "../src/server/owner/commands";
import { DataDirError } from "../src/server/owner/lock";

const usage = "Uso: npm run import:schedule -- ARCHIVO.ssim [--omitir-errores]";

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return 0;
  }
  const skipErrors = args.includes("--omitir-errores");
  const files = args.filter((arg) => arg !== "--omitir-errores");
  if (files.length !== 1 || !files[0] || files[0].startsWith("--")) {
    console.error(`Indique un archivo SSIM (capítulo 7).\n${usage}`);
    return 2;
  }
  const file = files[0];
  let content: string;
  try {
    content = await readCommandFile(file);
  } catch (error) {
    console.error(`No se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  return printOutput(await runCommand("schedule:import", { fileName: basename(file), content, skipErrors }, "npm run import:schedule"));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirError ? error.message : `No se pudo importar: ${String(error)}`);
    process.exit(1);
  },
);
