/**
 * `npm run import:flights -- FILE`: loads the airline's operations feed (the CSV format in the
 * README, "Flight import (CSV)") into the configured database (DATABASE_URL, or the embedded one
 * under DATA_DIR — through the running server when there is one) exactly as POST
 * /api/flights/import/ does: a file with any error changes nothing and its errors are listed with
 * line and column (exit 1); otherwise the flights are inserted or updated and their dates
 * re-matched, in one transaction.
 */
import { readFile } from "node:fs/promises";
import { printOutput, runCommand } from "../src/server/owner/commands";
import { DataDirError } from "../src/server/owner/lock";

const usage = "Uso: npm run import:flights -- ARCHIVO.csv";

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return 0;
  }
  if (args.length !== 1 || !args[0]) {
    console.error(`Indique un archivo CSV.\n${usage}`);
    return 2;
  }
  const file = args[0];
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    console.error(`No se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  return printOutput(await runCommand("flights:import", { fileName: file, content }, "npm run import:flights"));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirError ? error.message : `No se pudo importar: ${String(error)}`);
    process.exit(1);
  },
);
