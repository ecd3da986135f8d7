/**
 * A view's code loaded on demand, and loadable ahead of time (issue 35): `preload` starts the same
 * download the route waits for, and once it has arrived the route renders the view at once, with
 * no Suspense fallback and no extra render — a click on a view whose code is already there waits
 * only for its data.
 */
import { type ComponentType, lazy } from "react";

type ViewModule = { default: ComponentType };

export function lazyView(load: () => Promise<ViewModule>): { component: ComponentType; preload: () => void } {
  let loaded: ViewModule | null = null;
  let loading: Promise<ViewModule> | null = null;
  const start = (): Promise<ViewModule> => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download (a new version deployed, the network) is tried again next time.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  const View = () => {
    const Loaded = loaded?.default;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return {
    component: View,
    preload: () => {
      start().catch(() => {
        // Shown when the view is opened: the route's error boundary offers to retry.
      });
    },
  };
}
