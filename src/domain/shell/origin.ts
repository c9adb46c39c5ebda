// Where the person came from: the trail of console addresses (their query strings kept: filter, sort, page) that
// led to the current screen, one per screen. The browser router keeps it in each history entry's state, beside
// the depth, so a reload of the entry keeps it, and Back and Forward bring each entry's own. A screen's way back
// ('Back to Results', a breadcrumb) goes to the last address on it when that is the screen it expects, else to
// its default. Pure.

/** The key of the trail in a history entry's state. */
export const TRAIL_KEY = 'consoleTrail';

/** Enough screens for any way back the console offers; an endless walk does not grow the state without end. */
const MAX_TRAIL = 8;

const pathOf = (address: string) => address.split('?')[0];

/**
 * The trail of an entry pushed at `path` from the entry at `previous` whose trail is `trail`. A move within one
 * screen (a page, a filter) keeps the trail; going to a screen already on the trail goes back up to it; any other
 * screen adds the one left.
 */
export function nextTrail(trail: readonly string[], previous: string, path: string): string[] {
  if (pathOf(previous) === path) return [...trail];
  const upTo = trail.findIndex((address) => pathOf(address) === path);
  if (upTo >= 0) return trail.slice(0, upTo);
  return [...trail, previous].slice(-MAX_TRAIL);
}

/** The trail in a history entry's state; none in a state the console did not write (an address opened anew). */
export function trailIn(state: unknown): string[] {
  const trail = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[TRAIL_KEY] : undefined;
  return Array.isArray(trail) ? trail.filter((address): address is string => typeof address === 'string') : [];
}

/** The address the current screen was reached from, or null when it was opened by its address. */
export const originIn = (state: unknown): string | null => trailIn(state).at(-1) ?? null;

/** `origin` when it is one of the console's own addresses on `path` (with any query), else null. */
function originOn(origin: string | null, path: RegExp): string | null {
  if (origin === null) return null;
  const [at, ...rest] = origin.split('?');
  return path.test(at) && !rest.join('?').includes('#') ? origin : null;
}

/** The run's results the person came from, with their filter, sort and page; null when they came from elsewhere. */
export const resultsOrigin = (origin: string | null, runId: number): string | null =>
  originOn(origin, new RegExp(`^/experiment-run-results/${runId}$`));

/** A runs list (/experiment-runs/{id}) or a run's results (/experiment-run-results/{id}) the person came from. */
export function listOrigin(origin: string | null): { kind: 'runs' | 'results'; id: number; address: string } | null {
  const address = originOn(origin, /^\/experiment-run(s|-results)\/[1-9]\d*$/);
  if (address === null) return null;
  const [, kind, id] = /^\/experiment-(runs|run-results)\/(\d+)/.exec(address)!;
  return { kind: kind === 'runs' ? 'runs' : 'results', id: Number(id), address };
}

/** The evaluations list the person came from, at its page; else the list's first page. */
export const evaluationsAddress = (origin: string | null): string => originOn(origin, /^\/evaluations$/) ?? '/evaluations';
