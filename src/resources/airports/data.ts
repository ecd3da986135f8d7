/** The `airports` resource's record, as the contract types it (its list and forms are generated from the contract). */
import type { components } from "../../generated/openapi";

/** An airport with its zone, coordination and coordinator (issue 37 item 1). */
export type AirportDetail = components["schemas"]["AirportDetail"];
