import { navigate } from 'wouter/use-browser-location';
import { nextTrail, trailIn, TRAIL_KEY } from '../domain/shell/origin';
import type { Router } from '../domain/shell/router';

// The Router over the browser's history, through wouter's navigate (which the views' links use too).

/**
 * How many of the console's own entries lie behind the current one, kept in each entry's history state so
 * Back, Forward and a reload know it too. 0 is the entry the console was opened at: Back from there would
 * leave the console (history.length counts other sites' entries as well).
 */
const DEPTH_KEY = 'consoleDepth';
let depth = 0;
/**
 * The addresses that led to the current entry (domain/shell/origin), kept in its state beside the depth: a
 * reload keeps the state of the entry, so 'Back to Results' and the breadcrumbs still know the filter, sort and
 * page the person came from, and the addresses stay the screens' own, shared without anyone's trail.
 */
let trail: string[] = [];
/** The current entry's address, as the next entry's origin. */
let address = '';
let tracking = false;

const here = () => `${window.location.pathname}${window.location.search}`;

function depthIn(state: unknown): number {
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[DEPTH_KEY] : undefined;
  return typeof value === 'number' ? value : 0;
}

/** Writes the current depth and trail into the current entry, keeping its state (a link's `state`). */
function stampDepth() {
  address = here();
  const state: unknown = window.history.state;
  const fields = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  // Our own replaceState comes back here as an event: already stamped.
  if (fields[DEPTH_KEY] === depth && JSON.stringify(trailIn(state)) === JSON.stringify(trail)) return;
  window.history.replaceState({ ...fields, [DEPTH_KEY]: depth, [TRAIL_KEY]: trail }, '');
}

/** Once per page: wouter announces pushState and replaceState as events of those names; Back/Forward are popstate. */
function trackDepth() {
  if (tracking) return;
  tracking = true;
  depth = depthIn(window.history.state);
  trail = trailIn(window.history.state);
  address = here();
  window.addEventListener('pushState', () => {
    depth += 1;
    trail = nextTrail(trail, address, window.location.pathname);
    stampDepth();
  });
  window.addEventListener('replaceState', stampDepth);
  window.addEventListener('popstate', () => {
    depth = depthIn(window.history.state);
    trail = trailIn(window.history.state);
    address = here();
  });
}

export function createBrowserRouter(): Router {
  trackDepth();
  return {
    navigate: (path) => navigate(path),
    replace: (path) => navigate(path, { replace: true }),
    back: (fallback) => {
      if (depth > 0) window.history.back();
      else navigate(fallback);
    },
    path: () => window.location.pathname,
    search: () => window.location.search,
    subscribe: (onChange) => {
      const events = ['popstate', 'pushState'];
      events.forEach((name) => window.addEventListener(name, onChange));
      return () => events.forEach((name) => window.removeEventListener(name, onChange));
    },
  };
}
