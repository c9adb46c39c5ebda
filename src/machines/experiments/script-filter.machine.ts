import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import { parseRouteId } from '../../domain/shell/route-id';

// On /experiments, the 'Filter by Script' dropdown. It loads the scripts to choose from, then holds
// the choice: All Scripts (null) or one script, whose own paged experiments call then fills the table
// (the experiments page starts that list), so the filter covers every page, not just the one shown. The
// choice lives in the address (`?script=n`), so Back and a reload keep it: a new choice writes it as a new
// entry at page 1 (`showScript`), and Back or Forward to another one comes in as `route.scriptChanged`.

export type ScriptOption = { id: number; name: string };

export type ScriptFilterInput = { scriptId?: number | null };

export type ScriptFilterContext = {
  scripts: ScriptOption[];
  /** null: All Scripts. */
  scriptId: number | null;
  /** The page the chosen script's list starts at: 1 for a new choice, the address's for Back. */
  page: number;
  error: string | null;
};

export type ScriptFilterEvent =
  | { type: 'user.selectScript'; scriptId: number | null }
  | { type: 'user.retry' }
  /** The address names another script (Back, Forward). */
  | { type: 'route.scriptChanged'; scriptId: number | null; page: number };

export const scriptFilterMachine = setup({
  types: {
    context: {} as ScriptFilterContext,
    input: {} as ScriptFilterInput,
    events: {} as ScriptFilterEvent,
    tags: {} as 'busy' | 'failed' | 'filtered',
  },
  actors: {
    fetchScriptOptions: fromPromise<ScriptOption[]>(notProvided('fetchScriptOptions')),
    listenForScript: fromCallback<ScriptFilterEvent>(notProvided('listenForScript')),
  },
  guards: {
    isAllScripts: (_, params: { scriptId: number | null }) => params.scriptId === null,
    isOtherScript: ({ context }, params: { scriptId: number | null }) => params.scriptId !== context.scriptId,
  },
  actions: {
    /** `?script=n&page=1` (or `?page=1` for All Scripts) as a new history entry. */
    showScript: notProvided<{ scriptId: number | null }>('showScript'),
    assignScripts: assign((_, params: { scripts: ScriptOption[] }) => ({ scripts: params.scripts, error: null })),
    assignScriptId: assign((_, params: { scriptId: number | null; page: number }) => ({ scriptId: params.scriptId, page: params.page })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'scriptFilter',
  context: ({ input }) => ({ scripts: [], scriptId: input?.scriptId ?? null, page: 1, error: null }),
  invoke: { id: 'listenForScript', src: 'listenForScript' },
  on: {
    // Before the options are there, the choice is only kept; `ready` shows it.
    'route.scriptChanged': {
      guard: { type: 'isOtherScript', params: ({ event }) => ({ scriptId: event.scriptId }) },
      actions: { type: 'assignScriptId', params: ({ event }) => ({ scriptId: event.scriptId, page: event.page }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchScriptOptions',
        src: 'fetchScriptOptions',
        onDone: { target: 'ready', actions: { type: 'assignScripts', params: ({ event }) => ({ scripts: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: 'failed',
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'choosing',
      on: {
        'route.scriptChanged': {
          guard: { type: 'isOtherScript', params: ({ event }) => ({ scriptId: event.scriptId }) },
          target: '.choosing',
          actions: { type: 'assignScriptId', params: ({ event }) => ({ scriptId: event.scriptId, page: event.page }) },
        },
        'user.selectScript': {
          target: '.choosing',
          actions: [
            { type: 'assignScriptId', params: ({ event }) => ({ scriptId: event.scriptId, page: 1 }) },
            { type: 'showScript', params: ({ event }) => ({ scriptId: event.scriptId }) },
          ],
        },
      },
      states: {
        choosing: {
          always: [
            { guard: { type: 'isAllScripts', params: ({ context }) => ({ scriptId: context.scriptId }) }, target: 'allScripts' },
            'oneScript',
          ],
        },
        allScripts: {},
        oneScript: { tags: 'filtered' },
      },
    },
  },
});

/** The chosen script from the address (`?script=n`); anything but a positive integer is All Scripts. */
export function scriptFromSearch(search: string): number | null {
  return parseRouteId(new URLSearchParams(search).get('script') ?? undefined);
}
