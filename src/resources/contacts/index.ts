/** The contacts room's front door: its list (an admin tab), the directory other views read, and the data provider's handlers. */
export { ContactList } from "./ContactList";
export { type Contact, contacts, fetchContacts } from "./data";
