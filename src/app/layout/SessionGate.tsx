import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { Loading, useAuthState, useLogout, useNotify } from "react-admin";
import { useLocation } from "react-router-dom";
import { onSessionExpired } from "../../client/api/sessionExpiry";
import { LOGIN_EXPIRED_PATH, LOGIN_PATH, storeUser } from "../../client/auth/session";
import { recheckSession } from "../../client/queries/sessionCheck";

type Leave = (redirectTo: string, message?: string) => void;

const LeaveContext = createContext<Leave | null>(null);

const redirectOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "redirectTo" in error && typeof error.redirectTo === "string"
    ? error.redirectTo
    : LOGIN_PATH;

const messageOf = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : undefined;

/**
 * Renders the shell only for a confirmed session, and is the one way out of it: a failed session
 * check, a 401 from any API call (the "session expired" notice) and 'Cerrar sesión' all log out
 * once through react-admin (store and query cache reset) and route to the login page.
 *
 * While leaving, the session check is switched off: react-admin's logout clears the query cache
 * before the router has left the shell, and a re-run of the check would log out a second time and
 * replace the expired-session URL with the plain login URL. The ref guards `leave` itself against
 * a second call before React re-renders; rendering reads the state.
 */
export const SessionGate = ({ children }: { children: ReactNode }) => {
  const logout = useLogout();
  const notify = useNotify();
  const leavingRef = useRef(false);
  const [leaving, setLeaving] = useState(false);

  const leave = useCallback<Leave>(
    (redirectTo, message) => {
      if (leavingRef.current) return;
      leavingRef.current = true;
      setLeaving(true);
      if (message) notify(message, { type: "error" });
      void logout({}, redirectTo, false);
    },
    [logout, notify],
  );

  const { isPending, authenticated } = useAuthState(undefined, false, {
    enabled: !leaving,
    onError: (error: unknown) => leave(redirectOf(error), messageOf(error)),
  });

  useEffect(() => onSessionExpired(() => leave(LOGIN_EXPIRED_PATH)), [leave]);

  // Every change of view asks the server, in the background, whether the session still holds:
  // a user an Admin blocked or deleted is sent to the login page on their next click, even on
  // a view that calls nothing else. The first view was just checked by the session check.
  const { pathname } = useLocation();
  const checkedPath = useRef(pathname);
  useEffect(() => {
    if (leaving || checkedPath.current === pathname) return;
    checkedPath.current = pathname;
    let current = true;
    void recheckSession().then((answer) => {
      if (!current || answer === null) return;
      if (answer === "expired") leave(LOGIN_EXPIRED_PATH);
      else storeUser(answer);
    });
    return () => {
      current = false;
    };
  }, [pathname, leaving, leave]);

  if (leaving || isPending || !authenticated) return <Loading />;
  return <LeaveContext.Provider value={leave}>{children}</LeaveContext.Provider>;
};

/** Signs the user out ('Cerrar sesión'): ends the server session and returns to the login page. */
export const useSignOut = (): (() => void) => {
  const leave = useContext(LeaveContext);
  const logout = useLogout();
  return useCallback(() => {
    if (leave) leave(LOGIN_PATH);
    else void logout();
  }, [leave, logout]);
};
