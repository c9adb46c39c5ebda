import { navigate } from 'wouter/use-browser-location';
import type { Router } from '../domain/router';

// The Router over the browser's history, through wouter's navigate (which the views' links use too).

export function createBrowserRouter(): Router {
  return {
    navigate: (path) => navigate(path),
    replace: (path) => navigate(path, { replace: true }),
    back: (fallback) => {
      if (window.history.length > 1) window.history.back();
      else navigate(fallback);
    },
    path: () => window.location.pathname,
    search: () => window.location.search,
    subscribe: (onChange) => {
      // wouter's browser location announces pushState as an event of that name; Back and Forward are popstate.
      const events = ['popstate', 'pushState'];
      events.forEach((name) => window.addEventListener(name, onChange));
      return () => events.forEach((name) => window.removeEventListener(name, onChange));
    },
  };
}
