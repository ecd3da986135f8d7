/** The contacts room's front door: its list (an admin tab) and the directory other views read. */
export { ContactList } from "./ContactList";
export { type Contact, fetchContacts } from "./data";
