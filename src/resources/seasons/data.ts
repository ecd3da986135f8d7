/** The `seasons` resource's record, as the contract types it (its list and forms are generated from the contract). */
import type { components } from "../../generated/openapi";

/** A season with its rule and calendar (issue 27 item 1). */
export type Season = components["schemas"]["SeasonDetail"];
