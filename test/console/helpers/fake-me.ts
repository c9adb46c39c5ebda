import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../../src/machines/shell/auth.machine';
import type { AuthUser } from '../../../src/domain/shell/auth-user';
import type { Me } from '../../../src/domain/shell/roles';
import type { PasswordChange } from '../../../src/domain/shell/password-change';
import { createMeLogic } from '../../../src/logic/auth-logic';
import type { MeClient } from '../../../src/services/backend/me';

// Who the server says is signed in, for tests of the shell and the user menu. The me calls answer
// at once, or (with `waiting`) when the test settles them.

export const adminMe: Me = { sub: 'admin', name: 'Ada Admin', role: 'admin', local_account: true };

/** A MeClient answering `me`, whose password changes the test settles (`changes`). */
export function fakeMeClient(me: Me | (() => Promise<Me>)) {
  const changes: Array<{ change: PasswordChange; resolve(): void; reject(error: unknown): void }> = [];
  const client: MeClient = {
    fetchMe: typeof me === 'function' ? me : async () => me,
    changePassword: (change) => new Promise<void>((resolve, reject) => void changes.push({ change, resolve, reject })),
  };
  return { client, changes };
}

/** A started auth actor signed in as `user`, whom the server knows as `me`. */
export function signedInAuth(me: Me | (() => Promise<Me>) = adminMe, user: AuthUser = { sub: 'admin', name: 'Ada Admin' }) {
  const fake = fakeMeClient(me);
  const actor = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise<AuthUser | null>(async () => user),
        logout: fromPromise(() => new Promise<void>(() => undefined)),
        me: createMeLogic(fake.client),
      },
      actions: { replaceAddress: () => undefined, forgetSession: () => undefined },
    }),
    { input: { url: 'https://c.test/' } },
  ).start();
  return { actor, changes: fake.changes };
}
