import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine';
import type { meMachine } from './me.machine';

// Narrow selectors for useSelector, next to the machine so views never re-derive its rules.
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** What a route may show behind the sign-in gate, read from the machine's tags. */
export type Access = 'pending' | 'signedIn' | 'signingOut' | 'signedOut';

export function selectAccess(snapshot: AuthSnapshot): Access {
  if (snapshot.hasTag('pending')) return 'pending';
  if (snapshot.hasTag('signedIn')) return 'signedIn';
  if (snapshot.hasTag('signingOut')) return 'signingOut';
  return 'signedOut';
}

export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user;
export const selectError = (snapshot: AuthSnapshot) => snapshot.context.error;
export const selectIsBusy = (snapshot: AuthSnapshot) => snapshot.hasTag('busy');
export const selectCanLogin = (snapshot: AuthSnapshot) => snapshot.can({ type: 'user.login' });
export const selectCanLogout = (snapshot: AuthSnapshot) => snapshot.can({ type: 'user.logout' });
/** Who is signed in as the server sees them: running while signed in. */
export const selectMeActor = (snapshot: AuthSnapshot) => snapshot.children.me as ActorRefFrom<typeof meMachine> | undefined;
