/** Airports: reference data every screen reads. */
import { asc } from "drizzle-orm";
import type { Handler } from "../contract/routes";
import { airports } from "../db/schema";

export const listAirports: Handler<"listAirports"> = async ({ services }) => {
  const rows = await services.db.select().from(airports).orderBy(asc(airports.code));
  return { status: 200, body: rows };
};
