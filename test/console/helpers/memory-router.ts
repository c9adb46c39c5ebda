import { memoryLocation } from 'wouter/memory-location';
import type { Router } from '../../../src/domain/shell/router';

// The Router over wouter's memory location, as the browser router is over the browser's: the views' links and
// the machines' navigation move the same address, and a new entry is announced to the route listeners.

type Navigate = ReturnType<typeof memoryLocation>['navigate'];

export function memoryRouter() {
  const location = memoryLocation({ path: '/', record: true });
  const history = location.history;
  const listeners = new Set<() => void>();
  let backs = 0;
  const current = () => history.at(-1) ?? '/';
  const announce = () => listeners.forEach((onChange) => onChange());
  const navigate: Navigate = (to, options) => {
    location.navigate(to, options);
    if (!options?.replace) announce();
  };

  const router: Router = {
    navigate: (path) => navigate(path),
    replace: (path) => navigate(path, { replace: true }),
    back: (fallback) => {
      backs += 1;
      if (history.length < 2) return navigate(fallback);
      history.pop();
      location.navigate(current(), { replace: true });
      announce();
    },
    path: () => current().split('?')[0],
    search: () => (current().includes('?') ? `?${current().split('?')[1]}` : ''),
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };

  return {
    router,
    /** For wouter's <Router hook searchHook>: links navigate through the router too. */
    hook: () => [location.hook()[0], navigate] as [string, Navigate],
    searchHook: location.searchHook,
    /** The history state a link passed along (wouter's `state`). */
    state: () => location.state,
    currentPath: current,
    /** How many times the machines went back. */
    backs: () => backs,
  };
}
