import { assign, setup } from 'xstate';
import { compareRunsHref, type DatedRun } from '../../domain/compare/compare-links';
import type { ConfiguredRun } from '../../domain/runs/run-differences';
import { notProvided } from '../shared/not-provided';

// On /experiment-runs/{id}: choosing two finished runs to compare. Each finished run has a checkbox;
// at most two are checked (a third waits until one is unchecked), and Compare, possible with exactly two,
// goes to /compare with the older run as the baseline and the newer as the candidate. With two checked, Show
// differences lists what differs between their configurations (Hide differences, or unchecking one, hides it).

/** A checked run: when it was made, and what it ran with (for its differences from the other). */
export type SelectedRun = DatedRun & ConfiguredRun;

export type CompareSelectionContext = { selected: SelectedRun[] };

export type CompareSelectionEvent =
  | { type: 'user.toggleRun'; run: SelectedRun }
  | { type: 'user.compare' }
  | { type: 'user.showDifferences' }
  | { type: 'user.hideDifferences' };

export const compareSelectionMachine = setup({
  types: {
    context: {} as CompareSelectionContext,
    events: {} as CompareSelectionEvent,
  },
  guards: {
    isSelected: ({ context }, params: { run: SelectedRun }) => context.selected.some((run) => run.id === params.run.id),
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    select: assign(({ context }, params: { run: SelectedRun }) => ({ selected: [...context.selected, params.run] })),
    unselect: assign(({ context }, params: { run: SelectedRun }) => ({
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
      initial: 'together',
      states: {
        together: { on: { 'user.showDifferences': 'differences' } },
        differences: { on: { 'user.hideDifferences': 'together' } },
      },
    },
  },
});
