/** The airline's schedule through the API: the same SSIM import as `npm run import:schedule`. */
import type { Handler } from "../contract/routes";
import { FlightImportError } from "../flights/import";
import { HttpError } from "../http/errors";
import { importSchedule as importScheduleText } from "./import";

export const importSchedule: Handler<"importSchedule"> = async ({ body, services }) => {
  try {
    return { status: 200, body: await importScheduleText(services.db, body.content) };
  } catch (error) {
    if (error instanceof FlightImportError) throw new HttpError(400, error.message, error.errors);
    throw error;
  }
};
