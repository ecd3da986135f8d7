/** Airports: reference data every screen reads. */
import type { Handler } from "../contract/routes";
import { listAirportRows } from "./queries";

export const listAirports: Handler<"listAirports"> = async ({ services }) => {
  return { status: 200, body: await listAirportRows(services.db) };
};
