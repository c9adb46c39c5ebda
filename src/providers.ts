// The composition root: the one place where machines meet the real services and the router. Sign-in is
// wired here and loads with /login (the sign-in library itself once the page has); the screens' logic and
// services load as their own chunk once someone is signed in (see bench/bundle-size.ts), built once over
// that session.
import { createActor, type Actor } from 'xstate';
import { createAuthLogic } from './logic/auth-logic';
import type { ApiSession } from './services/api-client';
import { createAuthClient, type AuthClient } from './services/auth-client';
import { createBrowserRouter } from './services/browser-router';
import type { MeClient } from './services/backend/me';
import { loadRuntimeConfig, type RuntimeConfig } from './services/runtime-config';
import type { ConsoleLogic } from './views/shell/logic-context';
import { readable } from './domain/shared/readable-promise';

type Runtime = { config: RuntimeConfig; auth: AuthClient };

let runtime: Promise<Runtime> | undefined;

/** /config.json once per page; a failure is not cached, so the next sign-in attempt asks again. */
function loadRuntime(): Promise<Runtime> {
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

/** The auth client once the runtime config has loaded. */
const auth: AuthClient = {
  restoreSession: async () => (await loadRuntime()).auth.restoreSession(),
  handleRedirectCallback: async (url) => (await loadRuntime()).auth.handleRedirectCallback(url),
  loginWithRedirect: async (options) => (await loadRuntime()).auth.loginWithRedirect(options),
  loginWithPopup: async () => (await loadRuntime()).auth.loginWithPopup(),
  logout: async () => (await loadRuntime()).auth.logout(),
  getAccessToken: async (options) => (await loadRuntime()).auth.getAccessToken(options),
  preload: () => {
    loadRuntime().then(
      (loaded) => loaded.auth.preload(),
      () => undefined, // the sign-in that needs the runtime asks again, and tells
    );
  },
  // Without a runtime there is no session to forget.
  forgetSession: () => {
    void runtime?.then(
      (loaded) => loaded.auth.forgetSession(),
      () => undefined,
    );
  },
};

let authActor: Actor<ReturnType<typeof createAuthLogic>> | undefined;

/** Starts the one auth actor of the page, reading a redirect callback from the address it was opened at. */
export function startAuth(): Actor<ReturnType<typeof createAuthLogic>> {
  authActor = createActor(createAuthLogic({ auth, router: createBrowserRouter(), me }), { input: { url: window.location.href } });
  authActor.start();
  // The sign-in library loads once the page has, not with it: /login paints first.
  if (document.readyState === 'complete') auth.preload();
  else window.addEventListener('load', () => auth.preload(), { once: true });
  return authActor;
}

/** The signed-in session as the API clients and the uploads use it: a refused renewal signs out. */
const session: ApiSession = {
  getAccessToken: (options) => auth.getAccessToken(options),
  onSignedOut: (error) => authActor?.send({ type: 'session.ended', error }),
};

let meClient: Promise<MeClient> | undefined;

/**
 * The me calls (who is signed in and as what; a local account's own password) over the session, loaded once
 * someone is signed in, not with /login; a failed load is not cached.
 */
function loadMeClient(): Promise<MeClient> {
  meClient ??= Promise.all([loadRuntime(), import('./services/api-client'), import('./services/backend/me')]).then(
    ([{ config }, { createApiClient }, { createMeClient }]) => createMeClient(createApiClient(config.evaluationBackendUrl, session)),
    (error: unknown) => {
      meClient = undefined;
      throw error;
    },
  );
  return meClient;
}

const me: MeClient = {
  fetchMe: async () => (await loadMeClient()).fetchMe(),
  changePassword: async (change) => (await loadMeClient()).changePassword(change),
};

let consoleLogic: Promise<ConsoleLogic> | undefined;

/** The screens' machines bound to the real services, built once; a failed load is not cached. */
export function loadConsoleLogic(): Promise<ConsoleLogic> {
  // Readable by React's use() once loaded: App preloads it while sign-in is checked (App.tsx, PreloadScreen).
  consoleLogic ??= readable(
    Promise.all([loadRuntime(), import('./logic/console-logic'), import('./services/console-services')]).then(
      ([{ config }, { createConsoleLogic }, { createConsoleServices }]) =>
        createConsoleLogic({ ...createConsoleServices(config, session), router: createBrowserRouter() }),
      (error: unknown) => {
        consoleLogic = undefined;
        throw error;
      },
    ),
  );
  return consoleLogic;
}
