import { assign, fromPromise, setup } from 'xstate';
import type { AuthUser, CallbackResult } from '../../domain/shell/auth-user';
import type { AuthFailure } from '../../domain/shell/auth-errors';
import { returnPathOf } from '../../domain/shell/return-to';
import { meMachine } from './me.machine';
import { notProvided } from '../shared/not-provided';

// Authentication: pending while the session is restored or the redirect callback is handled,
// then signed in (with the user) or signed out / failed (with the error). Popup login, logout, and
// login_required → local logout. The actors and the two side-effect actions are bound in src/logic/auth-logic.ts.
// While signed in, `me` asks the server who that is and with which role.

export type AuthContext = {
  /** The address the console was opened at: a redirect callback carries code/state/error in it. */
  url: string;
  /** Where a sign-in started here brings the person back (a deep link opened while signed out), if anywhere. */
  returnTo: string | null;
  user: AuthUser | null;
  error: AuthFailure | null;
};

export type AuthInput = { url: string };

export type AuthEvent =
  | { type: 'user.login' }
  | { type: 'user.loginWithPopup' }
  | { type: 'user.logout' }
  /** From the API clients: the session could not be renewed, or the server refused the renewed token. */
  | { type: 'session.ended'; error: AuthFailure };

// What a service threw, as the plain data the views show (services throw AuthError; anything else is a bug).
function failureOf(error: unknown): AuthFailure {
  const { code, message, detail, mfaToken } = (error ?? {}) as Partial<AuthFailure>;
  return {
    code: typeof code === 'string' ? code : 'login_failed',
    message: typeof message === 'string' && message !== '' ? message : 'Login failed',
    ...(typeof detail === 'string' && { detail }),
    ...(typeof mfaToken === 'string' && { mfaToken }),
  };
}

const pathOf = (url: string) => new URL(url).pathname;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthInput,
    events: {} as AuthEvent,
    tags: {} as 'pending' | 'signedIn' | 'busy' | 'signingOut',
  },
  actors: {
    restoreSession: fromPromise<AuthUser | null>(notProvided('restoreSession')),
    handleRedirectCallback: fromPromise<CallbackResult, { url: string }>(notProvided('handleRedirectCallback')),
    loginWithRedirect: fromPromise<void, { returnTo: string | null }>(notProvided('loginWithRedirect')),
    loginWithPopup: fromPromise<AuthUser>(notProvided('loginWithPopup')),
    logout: fromPromise<void>(notProvided('logout')),
    me: meMachine,
  },
  guards: {
    isRedirectCallback: ({ context }) => {
      const params = new URL(context.url).searchParams;
      return params.has('state') && (params.has('code') || params.has('error'));
    },
    hasUser: (_, params: { user: AuthUser | null }) => params.user !== null,
    isLoginRequired: (_, params: { error: unknown }) => failureOf(params.error).code === 'login_required',
  },
  actions: {
    /** Rewrites the address bar without a new history entry (wouter's navigate with replace). */
    replaceAddress: notProvided<{ path: string }>('replaceAddress'),
    /** Local logout: the auth client drops its tokens and the session hint. */
    forgetSession: notProvided('forgetSession'),
    assignUser: assign((_, params: { user: AuthUser }) => ({ user: params.user, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    clearUser: assign({ user: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ url: input.url, returnTo: returnPathOf(input.url), user: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isRedirectCallback', target: 'handlingCallback' }, { target: 'restoring' }],
    },
    restoring: {
      tags: 'pending',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output! }) },
          },
          { target: 'signedOut' },
        ],
        onError: [
          { guard: { type: 'isLoginRequired', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    handlingCallback: {
      tags: 'pending',
      invoke: {
        id: 'handleRedirectCallback',
        src: 'handleRedirectCallback',
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.output.user }) },
            // The return-to path carried through the sign-in, else the current path without code/state.
            {
              type: 'replaceAddress',
              params: ({ context, event }) => ({ path: event.output.returnTo ?? pathOf(context.url) }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'isLoginRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: { type: 'replaceAddress', params: ({ context }) => ({ path: pathOf(context.url) }) },
          },
          {
            target: 'failed',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              { type: 'replaceAddress', params: ({ context }) => ({ path: pathOf(context.url) }) },
            ],
          },
        ],
      },
    },
    signedOut: {
      entry: ['clearUser', 'forgetSession'],
      on: {
        'user.login': 'redirecting',
        'user.loginWithPopup': 'loggingInWithPopup',
      },
    },
    failed: {
      entry: ['clearUser', 'forgetSession'],
      on: {
        'user.login': { target: 'redirecting', actions: 'clearError' },
        'user.loginWithPopup': { target: 'loggingInWithPopup', actions: 'clearError' },
      },
    },
    redirecting: {
      tags: 'busy',
      invoke: {
        id: 'loginWithRedirect',
        src: 'loginWithRedirect',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        // Resolves only when the page comes back from the back/forward cache: the login was left.
        onDone: 'signedOut',
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loggingInWithPopup: {
      tags: 'busy',
      invoke: {
        id: 'loginWithPopup',
        src: 'loginWithPopup',
        onDone: {
          target: 'signedIn',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: {
      tags: 'signedIn',
      invoke: { id: 'me', src: 'me' },
      on: {
        'user.logout': 'loggingOut',
        'session.ended': [
          // An expired identity session (login_required) is a local logout, not an error.
          { guard: { type: 'isLoginRequired', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loggingOut: {
      tags: 'signingOut',
      // Logout clears the user at once; the page then leaves for the provider.
      entry: 'clearUser',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'signedOut',
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
