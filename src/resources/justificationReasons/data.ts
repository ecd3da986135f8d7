/** The `justificationReasons` resource's record, as the contract types it (its list and forms are generated from the contract). */
import type { components } from "../../generated/openapi";

export type JustificationReason = components["schemas"]["JustificationReason"];
