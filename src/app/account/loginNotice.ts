/**
 * What the set-password page hands to the login page (router state, so a bookmark or a reload of
 * /auth/login does not repeat it): the password was saved.
 */
export const PASSWORD_SAVED_STATE = { passwordSaved: true } as const;

export const isPasswordSavedState = (state: unknown): boolean =>
  typeof state === "object" && state !== null && "passwordSaved" in state && state.passwordSaved === true;
