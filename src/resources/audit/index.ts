/** The audit room's front door: its list (an admin tab) and what the data provider serves. */
export { AuditList } from "./AuditList";
export { type AuditEntry, audit, type OutboxMessage, outbox } from "./data";
