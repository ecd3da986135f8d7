/** The flight feed through the API: the same CSV import as `npm run import:flights`. */
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { FlightImportError, importFlightCsv } from "./import";

export const importFlights: Handler<"importFlights"> = async ({ body, services }) => {
  try {
    return { status: 200, body: await importFlightCsv(services.db, body.content) };
  } catch (error) {
    if (error instanceof FlightImportError) throw new HttpError(400, error.message, error.errors);
    throw error;
  }
};
