import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { adminAccessMachine } from './admin-access.machine';
import { fileExportMachine } from './file-export.machine';
import { notProvided } from './not-provided';
import { filterFromSearch, pagedListMachine, pageFromSearch, type ListFilter } from './paged-list.machine';
import { AUDIT_FILTER } from '../domain/audit-filters';

// Issue 17 /audit (admins): first who is signed in (admin-access: a non-admin reads why and nothing else is
// asked); then the trail, newest first, a page at a time with its total, filtered by person, action, target
// and days, all in the address. The filter form applies every field at once (`showFilters` writes the
// address at page 1 and the list hears it, as it hears Back). Export CSV asks for the list's filter as it is.

export type AuditPageInput = { page: number; filter?: ListFilter };

/** The page's input from the address's query. */
export const auditPageInput = (search: string): AuditPageInput => ({
  page: pageFromSearch(search),
  filter: filterFromSearch(search, AUDIT_FILTER),
});

export type AuditFlows = {
  list: ActorRefFrom<typeof pagedListMachine>;
  exporter: ActorRefFrom<typeof fileExportMachine>;
};

export type AuditPageContext = { input: AuditPageInput; flows: AuditFlows | null };

export type AuditPageEvent = { type: 'user.applyFilters'; filter: ListFilter } | { type: 'user.export' };

export const auditPageMachine = setup({
  types: {
    input: {} as AuditPageInput,
    context: {} as AuditPageContext,
    events: {} as AuditPageEvent,
    children: {} as { access: 'adminAccess' },
  },
  actors: {
    // src/logic gives each its actors (who is signed in; the trail's page call; its CSV).
    adminAccess: adminAccessMachine,
    list: pagedListMachine,
    fileExport: fileExportMachine,
  },
  actions: {
    /** Writes the filter into the address at page 1 as a new history entry (the list follows the address). */
    showFilters: notProvided<{ filter: ListFilter }>('showFilters'),
    startFlows: assign(({ context, spawn }) => ({
      flows: {
        list: spawn('list', { id: 'list', input: { page: context.input.page, filter: context.input.filter } }),
        exporter: spawn('fileExport', { id: 'exporter' }),
      },
    })),
    exportTrail: sendTo(
      ({ context }) => context.flows!.exporter,
      ({ context }) => ({ type: 'user.export' as const, id: 0, format: 'csv', query: context.flows!.list.getSnapshot().context.filter }),
    ),
  },
}).createMachine({
  id: 'auditPage',
  context: ({ input }) => ({ input, flows: null }),
  initial: 'checkingAccess',
  states: {
    checkingAccess: {
      invoke: { id: 'access', src: 'adminAccess', onDone: { target: 'ready', actions: 'startFlows' } },
    },
    ready: {
      on: {
        'user.applyFilters': { actions: { type: 'showFilters', params: ({ event }) => ({ filter: event.filter }) } },
        'user.export': { actions: 'exportTrail' },
      },
    },
  },
});
