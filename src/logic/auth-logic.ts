import { fromPromise } from 'xstate';
import { authMachine } from '../machines/auth.machine';
import type { Router } from '../domain/router';
import type { AuthClient } from '../services/auth-client';

export type AuthDeps = {
  auth: Pick<AuthClient, 'restoreSession' | 'handleRedirectCallback' | 'loginWithRedirect' | 'loginWithPopup' | 'logout' | 'forgetSession'>;
  router: Pick<Router, 'replace'>;
};

// Sign-in (spec §4 "Authentication"): loads with /login, before the screens' logic.
export function createAuthLogic({ auth, router }: AuthDeps) {
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise(() => auth.restoreSession()),
      handleRedirectCallback: fromPromise(({ input }: { input: { url: string } }) => auth.handleRedirectCallback(input.url)),
      // Spec §2's Log In passes no options, but for the path a deep link opened while signed out (issue 12).
      loginWithRedirect: fromPromise(({ input }: { input: { returnTo: string | null } }) =>
        auth.loginWithRedirect(input.returnTo === null ? undefined : { returnTo: input.returnTo }),
      ),
      loginWithPopup: fromPromise(() => auth.loginWithPopup()),
      logout: fromPromise(() => auth.logout()),
    },
    actions: {
      replaceAddress: (_, { path }: { path: string }) => router.replace(path),
      forgetSession: () => auth.forgetSession(),
    },
  });
}
