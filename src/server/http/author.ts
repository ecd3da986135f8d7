/** How a version names the person who made a change: the user's full name (their e-mail if they have none). */
import type { AuthenticatedUser } from "../auth/sessions";

export const authorName = (user: Pick<AuthenticatedUser, "name" | "lastName" | "email">): string =>
  `${user.name} ${user.lastName}`.trim() || user.email;
