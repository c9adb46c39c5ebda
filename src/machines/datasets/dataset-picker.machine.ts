import { assign, fromPromise, sendParent, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';

// The Add Dataset Entry dialog and /dataset-entries/{id}/edit: the datasets multi-select. It loads
// every dataset (no cap at 1000) while its menu opens and closes on its own; the chosen datasets show as
// removable chips. Each change of the choice goes to the parent (`picker.changed`), which owns the form.

export type DatasetOption = { id: number; name: string };

export type DatasetPickerContext = {
  options: DatasetOption[];
  selected: DatasetOption[];
  error: string | null;
};

export type DatasetPickerInput = { selected?: DatasetOption[] };

export type DatasetPickerEvent =
  | { type: 'user.toggleMenu' }
  | { type: 'user.closeMenu' }
  | { type: 'user.toggle'; id: number }
  | { type: 'user.remove'; id: number }
  | { type: 'user.retry' };

/** What the parent hears after every change of the choice. */
export type PickerChangedEvent = { type: 'picker.changed'; selected: DatasetOption[] };

export const datasetPickerMachine = setup({
  types: {
    context: {} as DatasetPickerContext,
    input: {} as DatasetPickerInput,
    events: {} as DatasetPickerEvent,
    tags: {} as 'loading' | 'failed' | 'menuOpen',
  },
  actors: {
    fetchDatasets: fromPromise<DatasetOption[]>(notProvided('fetchDatasets')),
  },
  guards: {
    isSelected: ({ context }, params: { id: number }) => context.selected.some((option) => option.id === params.id),
  },
  actions: {
    assignOptions: assign((_, params: { options: DatasetOption[] }) => ({ options: params.options, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    toggleSelection: assign(({ context }, params: { id: number }) => {
      if (context.selected.some((option) => option.id === params.id)) {
        return { selected: context.selected.filter((option) => option.id !== params.id) };
      }
      const option = context.options.find((candidate) => candidate.id === params.id);
      return option ? { selected: [...context.selected, option] } : {};
    }),
    removeSelection: assign(({ context }, params: { id: number }) => ({
      selected: context.selected.filter((option) => option.id !== params.id),
    })),
    notifySelection: sendParent(({ context }): PickerChangedEvent => ({ type: 'picker.changed', selected: context.selected })),
  },
}).createMachine({
  id: 'datasetPicker',
  context: ({ input }) => ({ options: [], selected: input.selected ?? [], error: null }),
  type: 'parallel',
  on: {
    'user.remove': {
      guard: { type: 'isSelected', params: ({ event }) => ({ id: event.id }) },
      actions: [{ type: 'removeSelection', params: ({ event }) => ({ id: event.id }) }, 'notifySelection'],
    },
  },
  states: {
    options: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          invoke: {
            id: 'fetchDatasets',
            src: 'fetchDatasets',
            onDone: { target: 'loaded', actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: {
          on: {
            'user.toggle': { actions: [{ type: 'toggleSelection', params: ({ event }) => ({ id: event.id }) }, 'notifySelection'] },
          },
        },
        failed: {
          tags: 'failed',
          on: { 'user.retry': 'loading' },
        },
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: { on: { 'user.toggleMenu': 'open' } },
        open: {
          tags: 'menuOpen',
          on: { 'user.toggleMenu': 'closed', 'user.closeMenu': 'closed' },
        },
      },
    },
  },
});
