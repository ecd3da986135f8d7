/** The outbox room's front door: its list (an admin tab; the data live with the audit). */
export { OutboxList } from "./OutboxList";
