/**
 * `npm run import:flights -- FILE [--omitir-errores]`: loads the airline's operations feed (the CSV
 * format in the README, "Flight import (CSV)") into the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR — through the running server when there is one) as a data load,
 * exactly as Cargas de datos and the feed folder do (src/server/loads/apply.ts) and recorded in
 * the load history: a file with a line in error changes nothing and its errors are listed with
 * line and column (exit 1) unless `--omitir-errores` leaves those lines out; otherwise the flights
 * are inserted or updated and their dates re-matched, in one transaction.
 */
import { basename } from "node:path";
import { printOutput, readCommandFile, runCommand } from "../src/server/owner/commands";
import { DataDirError } from "../src/server/owner/lock";

const usage = "Uso: npm run import:flights -- ARCHIVO.csv [--omitir-errores]";

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return 0;
  }
  const skipErrors = args.includes("--omitir-errores");
  const files = args.filter((arg) => arg !== "--omitir-errores");
  if (files.length !== 1 || !files[0] || files[0].startsWith("--")) {
    console.error(`Indique un archivo CSV.\n${usage}`);
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
  return printOutput(await runCommand("flights:import", { fileName: basename(file), content, skipErrors }, "npm run import:flights"));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirError ? error.message : `No se pudo importar: ${String(error)}`);
    process.exit(1);
  },
);
