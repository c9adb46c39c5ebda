import { assign, setup } from 'xstate';
import { compareRunsHref, type DatedRun } from '../../domain/compare/compare-links';
import { notProvided } from '../shared/not-provided';

// On /experiment-runs/{id}: choosing two finished runs to compare. Each finished run has a checkbox;
// at most two are checked (a third waits until one is unchecked), and Compare, possible with exactly two,
// goes to /compare with the older run as the baseline and the newer as the candidate.

export type CompareSelectionContext = { selected: DatedRun[] };

export type CompareSelectionEvent = { type: 'user.toggleRun'; run: DatedRun } | { type: 'user.compare' };

export const compareSelectionMachine = setup({
  types: {
    context: {} as CompareSelectionContext,
    events: {} as CompareSelectionEvent,
  },
  guards: {
    isSelected: ({ context }, params: { run: DatedRun }) => context.selected.some((run) => run.id === params.run.id),
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    select: assign(({ context }, params: { run: DatedRun }) => ({ selected: [...context.selected, params.run] })),
    unselect: assign(({ context }, params: { run: DatedRun }) => ({
      selected: context.selected.filter((run) => run.id !== params.run.id),
    })),
  },
}).createMachine({
  id: 'compareSelection',
  context: { selected: [] },
  initial: 'none',
  states: {
    none: {
      on: { 'user.toggleRun': { target: 'one', actions: { type: 'select', params: ({ event }) => ({ run: event.run }) } } },
    },
    one: {
      on: {
        'user.toggleRun': [
          {
            guard: { type: 'isSelected', params: ({ event }) => ({ run: event.run }) },
            target: 'none',
            actions: { type: 'unselect', params: ({ event }) => ({ run: event.run }) },
          },
          { target: 'two', actions: { type: 'select', params: ({ event }) => ({ run: event.run }) } },
        ],
      },
    },
    two: {
      on: {
        // A third run is not taken: its checkbox is disabled until one of the two is unchecked.
        'user.toggleRun': {
          guard: { type: 'isSelected', params: ({ event }) => ({ run: event.run }) },
          target: 'one',
          actions: { type: 'unselect', params: ({ event }) => ({ run: event.run }) },
        },
        'user.compare': {
          actions: {
            type: 'navigateTo',
            params: ({ context }) => ({ path: compareRunsHref(context.selected[0], context.selected[1]) }),
          },
        },
      },
    },
  },
});
