/** The users' front door: their list (an admin tab) and the data provider's handlers. */
export { roles, users } from "./data";
export { UserList } from "./UserList";
