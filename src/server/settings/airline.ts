/** The `airline` setting as the server's modules read it: once per request, load or command. */
import { eq } from "drizzle-orm";
import { type Airline, airlineOf } from "../../domain/airline";
import type { Database } from "../db/client";
import { settings } from "../db/schema";

/** The airline's designators (IATA, ICAO, others); the demo's VB / VIV while unset. */
export async function storedAirline(db: Database): Promise<Airline> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, "airline"));
  return airlineOf(row?.value);
}
