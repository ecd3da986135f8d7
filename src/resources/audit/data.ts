/** The `audit` and `outbox` records, as the contract types them; both lists are paged on the server through the contract's data provider. */
import type { components } from "../../generated/openapi";

export type AuditEntry = components["schemas"]["AuditEntry"];
export type OutboxMessage = components["schemas"]["OutboxMessage"];
