import type { SnapshotFrom } from 'xstate';
import type { accountsPageMachine } from './accounts-page.machine';

export type AccountsPageSnapshot = SnapshotFrom<typeof accountsPageMachine>;

/** Who is signed in, while it is asked and when it is not an admin; gone once the page's flows start. */
export const selectAccess = (snapshot: AccountsPageSnapshot) => snapshot.children.access;
export const selectIsKeptElsewhere = (snapshot: AccountsPageSnapshot) => snapshot.hasTag('keptElsewhere');
export const selectFlows = (snapshot: AccountsPageSnapshot) => snapshot.context.flows;
/** The signed-in admin's username (the embedded provider's subject). */
export const selectOwnUsername = (snapshot: AccountsPageSnapshot) => snapshot.context.user?.sub ?? null;
