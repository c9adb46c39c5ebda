import type { SnapshotFrom } from 'xstate';
import type { auditPageMachine } from './audit-page.machine';
import type { PagedListSnapshot } from '../shared/paged-list.selectors';

export type AuditPageSnapshot = SnapshotFrom<typeof auditPageMachine>;

export const selectList = (snapshot: AuditPageSnapshot) => snapshot.context.list;
export const selectExporter = (snapshot: AuditPageSnapshot) => snapshot.context.exporter;
/** The trail's filter as the list holds it (the address's), for the filter form and the "who" links. */
export const selectAuditFilter = (snapshot: PagedListSnapshot) => snapshot.context.filter;
