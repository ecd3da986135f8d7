/**
 * `npm run import:mvt -- FILE [--omitir-errores]`: applies aircraft movement messages (MVT, IATA
 * AHM 780) to their flights in the configured database — through the running server when there is
 * one — as a data load, exactly as Cargas de datos does: each message updates its flight's actual
 * times, estimates, registration and AIMS delay codes; a message whose flight Slotdesk does not
 * know yet is kept pending until a schedule or flights load brings it; a message for another
 * station or airline is skipped with a warning. A text with a message in error changes nothing
 * (exit 1) unless `--omitir-errores` leaves those messages out.
 */
import { basename } from "node:path";
import { printOutput, readCommandFile, runCommand } from "../src/server/owner/commands";
import { DataDirError } from "../src/server/owner/lock";

const usage = "Uso: npm run import:mvt -- ARCHIVO.mvt [--omitir-errores]";

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    return 0;
  }
  const skipErrors = args.includes("--omitir-errores");
  const files = args.filter((arg) => arg !== "--omitir-errores");
  if (files.length !== 1 || !files[0] || files[0].startsWith("--")) {
    console.error(`Indique un archivo de mensajes MVT.\n${usage}`);
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
  return printOutput(await runCommand("mvt:import", { fileName: basename(file), content, skipErrors }, "npm run import:mvt"));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirError ? error.message : `No se pudo importar: ${String(error)}`);
    process.exit(1);
  },
);
