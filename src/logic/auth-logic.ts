import { fromPromise } from 'xstate';
import { authMachine } from '../machines/shell/auth.machine';
import { changePasswordMachine } from '../machines/shell/change-password.machine';
import { meMachine } from '../machines/shell/me.machine';
import type { PasswordChange } from '../domain/shell/password-change';
import type { Router } from '../domain/shell/router';
import type { AuthClient } from '../services/auth-client';
import type { MeClient } from '../services/backend/me';

export type AuthDeps = {
  auth: Pick<AuthClient, 'restoreSession' | 'handleRedirectCallback' | 'loginWithRedirect' | 'loginWithPopup' | 'logout' | 'forgetSession'>;
  router: Pick<Router, 'replace'>;
  /** Who is signed in as the server sees them, and their own password. */
  me: MeClient;
};

// Sign-in: loads with /login, before the screens' logic.
export function createAuthLogic({ auth, router, me }: AuthDeps) {
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise(() => auth.restoreSession()),
      handleRedirectCallback: fromPromise(({ input }: { input: { url: string } }) => auth.handleRedirectCallback(input.url)),
      // Log In passes no options, except the path of a deep link opened while signed out, so sign-in comes back to it.
      loginWithRedirect: fromPromise(({ input }: { input: { returnTo: string | null } }) =>
        auth.loginWithRedirect(input.returnTo === null ? undefined : { returnTo: input.returnTo }),
      ),
      loginWithPopup: fromPromise(() => auth.loginWithPopup()),
      logout: fromPromise(() => auth.logout()),
      me: createMeLogic(me),
    },
    actions: {
      replaceAddress: (_, { path }: { path: string }) => router.replace(path),
      forgetSession: () => auth.forgetSession(),
    },
  });
}

/** Who is signed in, with the user menu's Change password, over the me calls. */
export function createMeLogic(me: MeClient) {
  return meMachine.provide({
    actors: {
      fetchMe: fromPromise(() => me.fetchMe()),
      changePassword: changePasswordMachine.provide({
        actors: { savePassword: fromPromise(({ input }: { input: PasswordChange }) => me.changePassword(input)) },
      }),
    },
  });
}
