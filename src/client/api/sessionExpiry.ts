import { LOGIN_EXPIRED_PATH } from "../auth/session";

type Listener = () => void;

let listener: Listener | null = null;

/**
 * Lets the mounted shell take over what happens when the server says the session is gone (it logs
 * out through react-admin and routes to the login page inside the single-page app). Returns the
 * function that removes the listener.
 */
export const onSessionExpired = (next: Listener): (() => void) => {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
};

/** Called by the API client on a 401. Without a mounted shell, falls back to a full page load. */
export const notifySessionExpired = (): void => {
  if (listener) {
    listener();
    return;
  }
  window.location.assign(LOGIN_EXPIRED_PATH);
};
