/** The audit room's front door: its list (an admin tab). */
export { AuditList } from "./AuditList";
export type { AuditEntry, OutboxMessage } from "./data";
