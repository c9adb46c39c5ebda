import type { SnapshotFrom } from 'xstate';
import type { adminAccessMachine } from './admin-access.machine';

export type AdminAccessSnapshot = SnapshotFrom<typeof adminAccessMachine>;

export type AdminAccessView = 'checking' | 'forbidden' | 'failed' | 'granted';

export function selectAccessView(snapshot: AdminAccessSnapshot): AdminAccessView {
  if (snapshot.hasTag('busy')) return 'checking';
  if (snapshot.hasTag('forbidden')) return 'forbidden';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'granted';
}

/** The signed-in person's role, once known (null: the sign-in maps to none). */
export const selectSignedInRole = (snapshot: AdminAccessSnapshot) => snapshot.context.user?.role ?? null;
export const selectAccessError = (snapshot: AdminAccessSnapshot) => snapshot.context.error;
