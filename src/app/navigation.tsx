import { Link } from "@mui/material";
import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";

/**
 * Where the page is and how to go elsewhere, for the pages outside the shell (sign-in,
 * set-password). They run under react-router inside the app (RouterNavigation.tsx), and on
 * their own on a page load that starts on them (main.tsx): react-router's one module holds the
 * data router react-admin needs, a fifth of the sign-in page's JavaScript, so these pages do not
 * import it and read the location from this context instead.
 */
export interface Navigation {
  pathname: string;
  /** The query string, with its leading "?" (or ""). */
  search: string;
  /** What the previous page handed over (react-router's location state). */
  state: unknown;
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
}

export const NavigationContext = createContext<Navigation | null>(null);

export const useNavigation = (): Navigation => {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error("Slotdesk: a public page was rendered without a NavigationContext");
  return navigation;
};

/** Goes to `to` once shown (replacing the current entry), like react-router's <Navigate replace>. */
export const Redirect = ({ to }: { to: string }) => {
  const { navigate } = useNavigation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
};

/** A link to another page of the app: a real `href`, followed without a page load. */
export const PageLink = ({ to, children }: { to: string; children: ReactNode }) => {
  const { navigate } = useNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Link href={to} onClick={follow}>
      {children}
    </Link>
  );
};

const readUserState = (entry: unknown): unknown =>
  typeof entry === "object" && entry !== null && "usr" in entry ? entry.usr : null;

const currentLocation = () => ({
  pathname: window.location.pathname,
  search: window.location.search,
  // react-router keeps its location state under `usr` in the history entry; so does this.
  state: readUserState(window.history.state),
});

/**
 * Navigation over the browser's history, for the public pages on their own. History entries
 * are written the way react-router writes them, so the app's router reads them when it takes over.
 */
export const BrowserNavigation = ({ children }: { children: ReactNode }) => {
  const [location, setLocation] = useState(currentLocation);

  useEffect(() => {
    const onPop = () => setLocation(currentLocation());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const navigate = useCallback<Navigation["navigate"]>((to, options = {}) => {
    const entry = { usr: options.state ?? null };
    if (options.replace) window.history.replaceState(entry, "", to);
    else window.history.pushState(entry, "", to);
    setLocation(currentLocation());
  }, []);

  const value = useMemo(() => ({ ...location, navigate }), [location, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
};
