import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './not-provided';
import { messageOf } from '../domain/error-message';

// Spec §2 /experiments: the 'Filter by Script' dropdown. It loads the scripts to choose from, then holds
// the choice: All Scripts (null) or one script, whose own paged experiments call then fills the table
// (the experiments page starts that list), so the filter covers every page, not just the one shown. A new choice
// starts again at page 1 (`showFirstPage`).

export type ScriptOption = { id: number; name: string };

export type ScriptFilterContext = {
  scripts: ScriptOption[];
  /** null: All Scripts. */
  scriptId: number | null;
  error: string | null;
};

export type ScriptFilterEvent = { type: 'user.selectScript'; scriptId: number | null } | { type: 'user.retry' };

export const scriptFilterMachine = setup({
  types: {
    context: {} as ScriptFilterContext,
    events: {} as ScriptFilterEvent,
    tags: {} as 'busy' | 'failed' | 'filtered',
  },
  actors: {
    fetchScriptOptions: fromPromise<ScriptOption[]>(notProvided('fetchScriptOptions')),
  },
  guards: {
    isAllScripts: (_, params: { scriptId: number | null }) => params.scriptId === null,
  },
  actions: {
    /** Back to `?page=1` of the list's path, replacing the address (the filter itself is not in it). */
    showFirstPage: notProvided('showFirstPage'),
    assignScripts: assign((_, params: { scripts: ScriptOption[] }) => ({ scripts: params.scripts, error: null })),
    assignScriptId: assign((_, params: { scriptId: number | null }) => ({ scriptId: params.scriptId })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'scriptFilter',
  context: { scripts: [], scriptId: null, error: null },
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
      initial: 'allScripts',
      on: {
        'user.selectScript': [
          {
            guard: { type: 'isAllScripts', params: ({ event }) => ({ scriptId: event.scriptId }) },
            target: '.allScripts',
            actions: [{ type: 'assignScriptId', params: { scriptId: null } }, 'showFirstPage'],
          },
          {
            target: '.oneScript',
            actions: [{ type: 'assignScriptId', params: ({ event }) => ({ scriptId: event.scriptId }) }, 'showFirstPage'],
          },
        ],
      },
      states: {
        allScripts: {},
        oneScript: { tags: 'filtered' },
      },
    },
  },
});
