// The one place where machines meet services and the router: each flow's machine gets its real actors
// (and navigation, as named actions) through .provide() here. Sign-in is bound here and loads with /login;
// the screens' machines are bound in screen-providers.ts, loaded once someone is signed in.
import { createActor, fromPromise, type Actor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { authMachine } from './machines/auth.machine';
import { createApiClients, type ApiSession } from './services/api-client';
import { createAuthClient, type AuthClient } from './services/auth-client';
import { loadRuntimeConfig, type RuntimeConfig } from './services/runtime-config';
import type { ConsoleLogic } from './views/logic-context';

type Runtime = { config: RuntimeConfig; auth: AuthClient };

let runtime: Promise<Runtime> | undefined;

/** /config.json once per page; a failure is not cached, so the next sign-in attempt asks again. */
export function loadRuntime(): Promise<Runtime> {
  runtime ??= loadRuntimeConfig().then(
    (config) => ({
      config,
      auth: createAuthClient(config, {
        origin: window.location.origin,
        storage: window.localStorage,
        locks: navigator.locks,
        assign: (url) => window.location.assign(url),
      }),
    }),
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}

export const authLogic = authMachine.provide({
  actors: {
    restoreSession: fromPromise(async () => (await loadRuntime()).auth.restoreSession()),
    handleRedirectCallback: fromPromise(async ({ input }: { input: { url: string } }) =>
      (await loadRuntime()).auth.handleRedirectCallback(input.url),
    ),
    // Spec §2: the Log In button starts a redirect login with no options.
    loginWithRedirect: fromPromise(async () => (await loadRuntime()).auth.loginWithRedirect()),
    loginWithPopup: fromPromise(async () => (await loadRuntime()).auth.loginWithPopup()),
    logout: fromPromise(async () => (await loadRuntime()).auth.logout()),
  },
  actions: {
    replaceAddress: (_, { path }: { path: string }) => navigate(path, { replace: true }),
    forgetSession: () => {
      void runtime?.then(({ auth }) => auth.forgetSession(), () => undefined);
    },
  },
});

let authActor: Actor<typeof authLogic> | undefined;

/** Starts the one auth actor of the page, reading a redirect callback from the address it was opened at. */
export function startAuth(): Actor<typeof authLogic> {
  authActor = createActor(authLogic, { input: { url: window.location.href } });
  authActor.start();
  return authActor;
}

/** The signed-in session as the API clients and the CSV upload use it. */
export function apiSession(auth: AuthClient): ApiSession {
  return {
    getAccessToken: (options) => auth.getAccessToken(options),
    onSignedOut: (error) => authActor?.send({ type: 'session.ended', error }),
  };
}

export async function apiClients() {
  const { config, auth } = await loadRuntime();
  return createApiClients(config, apiSession(auth));
}


let consoleLogic: Promise<ConsoleLogic> | undefined;

/** The screens' machines with their real actors, in their own chunk (see bench/bundle-size.ts). */
export function loadConsoleLogic(): Promise<ConsoleLogic> {
  consoleLogic ??= import('./screen-providers').then(
    (screens) => screens.consoleLogic,
    (error: unknown) => {
      consoleLogic = undefined;
      throw error;
    },
  );
  return consoleLogic;
}
