import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { fileExportMachine } from '../shared/file-export.machine';
import { notProvided } from '../shared/not-provided';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from '../shared/paged-list.machine';
import { AUDIT_FILTER } from '../../domain/admin/audit-filters';

// The /audit page (admins; the view starts it only for them): the trail, newest first, a page at a time with
// its total, filtered by person, action, target and days, all in the address. The filter form applies every
// field at once (`showFilters` writes the address at page 1 and the list hears it, as it hears Back). Export
// CSV asks for the list's filter as it is.

export type AuditPageInput = { page: number; filter?: ListFilter };

/** The page's input from the address's query. */
export const auditPageInput = (search: string): AuditPageInput => ({
  page: pageFromSearch(search),
  filter: filterFromSearch(search, AUDIT_FILTER),
});

export type AuditPageContext = {
  list: ActorRefFrom<typeof pagedListMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
};

export type AuditPageEvent = { type: 'user.applyFilters'; filter: ListFilter } | { type: 'user.export' };

export const auditPageMachine = setup({
  types: {
    input: {} as AuditPageInput,
    context: {} as AuditPageContext,
    events: {} as AuditPageEvent,
  },
  actors: {
    // src/logic gives each its actors (the trail's page call; its CSV).
    list: pagedListMachine,
    fileExport: fileExportMachine,
  },
  actions: {
    /** Writes the filter into the address at page 1 as a new history entry (the list follows the address). */
    showFilters: notProvided<{ filter: ListFilter }>('showFilters'),
    exportTrail: sendTo(
      ({ context }) => context.exporter,
      ({ context }) => ({ type: 'user.export' as const, id: 0, format: 'csv', query: context.list.getSnapshot().context.filter }),
    ),
  },
}).createMachine({
  id: 'auditPage',
  context: ({ input, spawn }) => ({
    list: spawn('list', { id: 'list', input: { page: input.page, filter: input.filter } }),
    exporter: spawn('fileExport', { id: 'exporter' }),
  }),
  on: {
    'user.applyFilters': { actions: { type: 'showFilters', params: ({ event }) => ({ filter: event.filter }) } },
    'user.export': { actions: 'exportTrail' },
  },
});
