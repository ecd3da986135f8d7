/**
 * `npm run import:flights -- FILE`: loads the airline's operations feed (the CSV format in the
 * README, "Flight import (CSV)") into the configured database (DATABASE_URL, or the embedded one
 * under DATA_DIR) exactly as POST /api/flights/import/ does: a file with any error changes nothing
 * and its errors are listed with line and column (exit 1); otherwise the flights are inserted or
 * updated and their dates re-matched, in one transaction. The embedded database must not be open
 * in a running server at the same time.
 */
import { readFile } from "node:fs/promises";
import { openConfiguredDatabase } from "../src/server/bootstrap";
import { readConfig } from "../src/server/config";
import { FlightImportError, importFlightCsv } from "../src/server/flights/import";

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
  const handle = await openConfiguredDatabase(readConfig(), new Date());
  try {
    const started = performance.now();
    const result = await importFlightCsv(handle.db, content);
    const dates = result.rematched_dates;
    const span = dates.length === 0 ? "" : dates.length === 1 ? ` (${dates[0]})` : ` (${dates[0]} a ${dates.at(-1)})`;
    console.log(
      `Vuelos cargados de ${file}: ${result.rows} (${result.inserted} nuevos, ${result.updated} actualizados); ` +
        `${dates.length === 1 ? "1 fecha recalculada" : `${dates.length} fechas recalculadas`}${span} ` +
        `en ${Math.round(performance.now() - started)} ms.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof FlightImportError) {
      console.error(`${error.message}`);
      for (const e of error.errors) {
        const where = e.column === undefined ? `línea ${e.line}` : `línea ${e.line}, columna ${e.column}`;
        console.error(`  ${where}${e.field ? ` (${e.field})` : ""}: ${e.message}`);
      }
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("No se pudo importar:", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
