import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';

// One disagreement settled: the person picks the grade the pair should have and saves it as an
// adjudication (the judgement PUT with adjudicate: true), which the set's rule may be told to prefer over the
// aggregate. A refusal keeps the pick and shows the server's sentence; a saved adjudication ends the flow, and
// the Agreement tab fetches its numbers again.

export type AdjudicateInput = { goldenSetId: number; query: string; productId: string };

type AdjudicateContext = AdjudicateInput & { grade: number | null; error: string | null };

type AdjudicateEvent = { type: 'user.pick'; grade: number } | { type: 'user.save' };

export const adjudicateMachine = setup({
  types: {
    context: {} as AdjudicateContext,
    input: {} as AdjudicateInput,
    events: {} as AdjudicateEvent,
    tags: {} as 'saving',
  },
  actors: {
    saveAdjudication: fromPromise<void, { goldenSetId: number; query: string; productId: string; grade: number }>(
      notProvided('saveAdjudication'),
    ),
  },
  guards: {
    hasGrade: ({ context }) => context.grade !== null,
    isOtherGrade: ({ context }, params: { grade: number }) => params.grade !== context.grade,
  },
  actions: {
    assignGrade: assign((_, params: { grade: number }) => ({ grade: params.grade, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'adjudicate',
  context: ({ input }) => ({ ...input, grade: null, error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'user.pick': {
          guard: { type: 'isOtherGrade', params: ({ event }) => event },
          actions: { type: 'assignGrade', params: ({ event }) => event },
        },
        'user.save': { guard: 'hasGrade', target: 'saving' },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveAdjudication',
        src: 'saveAdjudication',
        input: ({ context }) => ({
          goldenSetId: context.goldenSetId,
          query: context.query,
          productId: context.productId,
          grade: context.grade!,
        }),
        onDone: 'saved',
        onError: { target: 'choosing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final' },
  },
});
