import { type ReactNode, useCallback, useMemo } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { type Navigation, NavigationContext } from "./navigation";

/** The public pages' navigation inside the app: react-router's location and navigate. */
export const RouterNavigation = ({ children }: { children: ReactNode }) => {
  const { pathname, search, state } = useLocation();
  const routerNavigate = useNavigate();
  const navigate = useCallback<Navigation["navigate"]>(
    (to, options) => {
      void routerNavigate(to, options);
    },
    [routerNavigate],
  );
  const value = useMemo(() => ({ pathname, search, state, navigate }), [pathname, search, state, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
};
