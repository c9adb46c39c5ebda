import { afterEach, describe, expect, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { App } from '../../../src/App';
import { authMachine } from '../../../src/machines/shell/auth.machine';
import type { AuthUser, CallbackResult } from '../../../src/domain/shell/auth-user';
import type { AuthFailure } from '../../../src/domain/shell/auth-errors';
import { createAuthLogic } from '../../../src/logic/auth-logic';
import { createConsoleLogic } from '../../../src/logic/console-logic';
import { fakeDeps } from '../helpers/fake-deps';
import { fakeMeClient } from '../helpers/fake-me';
import { canTake, replayShortestPaths } from '../helpers/replay-shortest-paths';

// Model-based tests: every path comes from the real auth machine's graph and is replayed against the real
// views. People's events are clicks; service results settle the promise the view's actor is waiting on;
// what the API clients would send (session.ended) and the popup login (no control on screen) are
// sent to the actor. After each step the test checks what a person sees.

afterEach(cleanup);

type AuthSnapshot = SnapshotFrom<typeof authMachine>;
type ActorId = 'restoreSession' | 'handleRedirectCallback' | 'loginWithRedirect' | 'loginWithPopup' | 'logout';
type ModelEvent =
  | EventFromLogic<typeof authMachine>
  | { type: `xstate.done.actor.${ActorId}`; output: unknown }
  | { type: `xstate.error.actor.${ActorId}`; error: AuthFailure };

const user: AuthUser = { sub: 'admin', name: 'Ada Admin', email: 'ada@console.test' };
const failure = {
  loginRequired: { code: 'login_required', message: 'Login required' },
  timeout: { code: 'timeout', message: 'Timeout' },
  invalidState: { code: 'state_mismatch', message: 'Invalid state' },
  popupClosed: { code: 'cancelled', message: 'Popup closed' },
  loginFailed: { code: 'login_failed', message: 'Login failed', detail: 'Failed to fetch' },
  badIdToken: {
    code: 'invalid_id_token',
    message: 'Issuer (iss) claim mismatch in the ID token; expected "http://console.test/oidc", found "http://evil.test"',
  },
} satisfies Record<string, AuthFailure>;

const events: ModelEvent[] = [
  { type: 'user.login' },
  { type: 'user.loginWithPopup' },
  { type: 'user.logout' },
  { type: 'session.ended', error: failure.loginRequired },
  { type: 'session.ended', error: failure.badIdToken },
  { type: 'xstate.done.actor.restoreSession', output: user },
  { type: 'xstate.done.actor.restoreSession', output: null },
  { type: 'xstate.error.actor.restoreSession', error: failure.loginRequired },
  { type: 'xstate.error.actor.restoreSession', error: failure.timeout },
  { type: 'xstate.done.actor.handleRedirectCallback', output: { user, returnTo: '/datasets' } },
  { type: 'xstate.done.actor.handleRedirectCallback', output: { user } },
  { type: 'xstate.error.actor.handleRedirectCallback', error: failure.invalidState },
  { type: 'xstate.error.actor.handleRedirectCallback', error: failure.loginRequired },
  { type: 'xstate.done.actor.loginWithRedirect', output: undefined },
  { type: 'xstate.error.actor.loginWithRedirect', error: failure.loginFailed },
  { type: 'xstate.done.actor.loginWithPopup', output: user },
  { type: 'xstate.error.actor.loginWithPopup', error: failure.popupClosed },
  { type: 'xstate.error.actor.loginWithPopup', error: failure.timeout },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: failure.loginFailed },
];

const starts = [
  { name: 'deep link /datasets', url: 'http://console.test/datasets' },
  { name: 'redirect callback', url: 'http://console.test/?code=the-code&state=the-state' },
];

// A state is keyed with the transition that reached it, so the shortest paths cover every edge, not
// only every state.
const serializeState = (state: AuthSnapshot, event: ModelEvent | undefined, previous?: AuthSnapshot) =>
  JSON.stringify({ value: state.value, context: state.context, from: previous?.value, by: event });

function describeEvent(event: ModelEvent): string {
  if ('error' in event) return `${event.type} (${event.error.code})`;
  if ('output' in event) {
    const output = event.output as { returnTo?: string; user?: unknown } | null | undefined;
    if (output === null) return `${event.type} (no session)`;
    if (output && 'user' in output) return `${event.type} (${output.returnTo ? `returnTo ${output.returnTo}` : 'no returnTo'})`;
  }
  return event.type;
}

type Deferred = { resolve(value: unknown): void; reject(error: unknown): void };

/** The real App over a real actor whose services wait for the test to settle them. */
function renderConsole(url: string) {
  const started = new Map<ActorId, Deferred[]>();
  const inputs: Array<[ActorId, unknown]> = [];
  const waiting =
    <Output,>(id: ActorId, input?: unknown) =>
    (): Promise<Output> => {
      inputs.push([id, input]);
      return new Promise<Output>((resolve, reject) =>
        started.set(id, [...(started.get(id) ?? []), { resolve: resolve as (value: unknown) => void, reject }]),
      );
    };
  const { pathname, search } = new URL(url);
  const location = memoryLocation({ path: pathname + search, record: true });
  const forgetSession = vi.fn();
  // The real sign-in binding over an auth client whose calls wait.
  const logic = createAuthLogic({
    auth: {
      restoreSession: waiting<AuthUser | null>('restoreSession'),
      handleRedirectCallback: (callbackUrl) => waiting<CallbackResult>('handleRedirectCallback', { url: callbackUrl })(),
      loginWithRedirect: waiting<void>('loginWithRedirect'),
      loginWithPopup: waiting<AuthUser>('loginWithPopup'),
      logout: waiting<void>('logout'),
      forgetSession,
    },
    router: { replace: (path) => location.navigate(path, { replace: true }) },
    // Who is signed in, as the server says: known at once, so the shell shows its screens.
    me: fakeMeClient({ sub: user.sub, name: user.name, role: 'admin', local_account: true }).client,
  });
  const actor = createActor(logic, { input: { url } }).start();
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App auth={actor} logic={createConsoleLogic(fakeDeps())} />
    </Router>,
  );
  // The address bar: the last history entry, query included (a replace overwrites it).
  const currentPath = () => location.history!.at(-1);
  return { actor, started, inputs, forgetSession, location, currentPath };
}

/** Performs one graph event the way it happens for real. */
async function perform(event: ModelEvent, console: ReturnType<typeof renderConsole>) {
  const [, kind, , id] = event.type.split('.') as [string, string, string, ActorId];
  if (event.type === 'user.login') {
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
  } else if (event.type === 'user.logout') {
    fireEvent.click(screen.getByRole('button', { name: `User menu for ${user.name}` }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
  } else if (event.type === 'user.loginWithPopup' || event.type === 'session.ended') {
    act(() => console.actor.send(event));
  } else {
    const pending = console.started.get(id)?.at(-1);
    if (!pending) throw new Error(`${id} was never invoked`);
    await act(async () => {
      if (kind === 'done' && 'output' in event) pending.resolve(event.output);
      else if ('error' in event) pending.reject(event.error);
    });
  }
}

/** What a person sees in each state, at the address the console should show. */
function expectScreen(snapshot: AuthSnapshot, expectedPath: string, view: ReturnType<typeof renderConsole>) {
  const state = snapshot.value as string;
  const heading = (name: string) => screen.queryByRole('heading', { level: 1, name });
  switch (state) {
    case 'restoring':
    case 'handlingCallback':
      expect(screen.getByRole('status').textContent).toBe('Loading...');
      expect(heading('Welcome 👋')).toBeNull();
      expect(heading('Search Evaluation Console')).toBeNull();
      break;
    case 'signedOut':
    case 'failed':
    case 'redirecting':
    case 'loggingInWithPopup': {
      expect(heading('Welcome 👋')).not.toBeNull();
      const button = screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement;
      const busy = state === 'redirecting' || state === 'loggingInWithPopup';
      expect(button.disabled).toBe(busy);
      expect(button.getAttribute('aria-busy')).toBe(String(busy));
      const alert = screen.queryByRole('alert');
      if (state === 'failed') {
        expect(alert?.textContent).toBe(snapshot.context.error!.message + (snapshot.context.error!.detail ?? ''));
      } else {
        expect(alert).toBeNull();
      }
      expect(screen.queryByRole('button', { name: /^User menu/ })).toBeNull();
      break;
    }
    case 'signedIn':
      expect(heading('Search Evaluation Console')).not.toBeNull();
      expect(screen.getByRole('button', { name: `User menu for ${user.name}` }).getAttribute('aria-expanded')).toBe('false');
      expect(heading('Welcome 👋')).toBeNull();
      break;
    case 'loggingOut':
      expect(screen.getByRole('status').textContent).toBe('Logging out...');
      expect(screen.queryByRole('button', { name: /^User menu/ })).toBeNull();
      break;
    default:
      throw new Error(`no screen check for state ${state}`);
  }
  expect(view.currentPath()).toBe(expectedPath);
}

/** Where the address should be after an event: /login while signed out or logging in, the callback's return address (or /) after it, / after a popup login, else unchanged. */
function nextPath(event: ModelEvent, snapshot: AuthSnapshot, current: string): string {
  const state = snapshot.value as string;
  if (state === 'signedOut' || state === 'failed' || state === 'redirecting' || state === 'loggingInWithPopup') return '/login';
  if (event.type === 'xstate.done.actor.handleRedirectCallback') {
    return (event.output as { returnTo?: string }).returnTo ?? '/';
  }
  if (event.type === 'xstate.done.actor.loginWithPopup') return '/'; // the landing is the site origin
  return current;
}

describe('auth machine paths replayed against the views', () => {
  for (const start of starts) {
    describe(start.name, () => {
      replayShortestPaths(authMachine, {
        input: { url: start.url },
        // Only events the state takes: a refused event would otherwise count as an edge of its own.
        events: (state) => events.filter((event) => canTake(state, event)),
        serializeState,
        // A broken generator fails loudly: at least as many paths as the graph yields today.
        paths: { atLeast: 19 },
        describeEvent,
        name: (path, route) => `reaches ${String(path.state.value)}${route ? ` via ${route}` : ''}`,
        setup(path) {
          const view = renderConsole(start.url);
          // Before anything settles, the address is the one the console was opened at.
          const { pathname, search } = new URL(start.url);
          const expectedPath = pathname + search;
          expect(view.actor.getSnapshot().value).toEqual(path.steps[0].state.value);
          expectScreen(view.actor.getSnapshot(), expectedPath, view);
          if (path.steps[0].state.value === 'handlingCallback') {
            expect(view.inputs).toEqual([['handleRedirectCallback', { url: start.url }]]);
          }
          return { view, expectedPath, snapshot: view.actor.getSnapshot() };
        },
        perform: (event, { view }) => perform(event, view),
        async afterPerform({ event, state }, replay) {
          const { view } = replay;
          await waitFor(() => expect(view.actor.getSnapshot().value).toEqual(state.value));
          replay.snapshot = view.actor.getSnapshot();
          expect(replay.snapshot.context).toEqual(state.context);
          replay.expectedPath = nextPath(event, replay.snapshot, replay.expectedPath);
        },
        // The console's own actor is checked, as the step left it.
        expectInitialScreen: false,
        expectScreen: (_, { view, expectedPath, snapshot }) => expectScreen(snapshot, expectedPath, view),
        afterStep(_, { view, snapshot }) {
          if (['signedOut', 'failed'].includes(snapshot.value as string)) {
            expect(view.forgetSession).toHaveBeenCalled(); // local logout: no tokens, no session hint
          }
        },
      });
    });
  }
});
