import type { SnapshotFrom } from 'xstate';
import type { auditPageMachine } from './audit-page.machine';
import type { PagedListSnapshot } from './paged-list.selectors';

export type AuditPageSnapshot = SnapshotFrom<typeof auditPageMachine>;

/** Who is signed in, while it is asked and when it is not an admin; gone once the page's flows start. */
export const selectAccess = (snapshot: AuditPageSnapshot) => snapshot.children.access;
export const selectFlows = (snapshot: AuditPageSnapshot) => snapshot.context.flows;
/** The trail's filter as the list holds it (the address's), for the filter form and the "who" links. */
export const selectAuditFilter = (snapshot: PagedListSnapshot) => snapshot.context.filter;
