import type { SnapshotFrom } from 'xstate';
import type { meMachine } from './me.machine';

export type MeSnapshot = SnapshotFrom<typeof meMachine>;

/** Whether who is signed in is still asked, could not be found out, or is known. */
export const selectMeView = (snapshot: MeSnapshot): 'loading' | 'failed' | 'known' =>
  snapshot.matches('known') ? 'known' : snapshot.matches('failed') ? 'failed' : 'loading';

export const selectMe = (snapshot: MeSnapshot) => snapshot.context.me;
export const selectMeError = (snapshot: MeSnapshot) => snapshot.context.error;
/** A local account changes its password in the console; elsewhere the identity provider keeps it. */
export const selectIsLocalAccount = (snapshot: MeSnapshot) => snapshot.context.me?.local_account === true;
export const selectChangePassword = (snapshot: MeSnapshot) => snapshot.context.changePassword;
