/** The users' front door: their list (an admin tab). */
export { UserList } from "./UserList";
