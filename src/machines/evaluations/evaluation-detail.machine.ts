import { assign, fromPromise, setup } from 'xstate';
import type { MockEvaluation } from '../../fixtures/evaluations';
import type { MockEvaluationResult } from '../../fixtures/evaluation-results';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';

// The /evaluations/{id} page: the mock evaluation detail. A fake load (1 s, done by the
// loadEvaluation actor bound in src/logic), then the results table; 'Back to Evaluations' goes to
// the list at the page the person came from.

export type EvaluationDetailInput = {
  evaluationId: string;
  /** The evaluations list page to return to. */
  page: number;
};

export type LoadedEvaluation = {
  evaluation: MockEvaluation;
  results: readonly MockEvaluationResult[];
};

export type EvaluationDetailContext = EvaluationDetailInput & {
  evaluation: MockEvaluation | null;
  results: readonly MockEvaluationResult[];
  error: string | null;
};

export type EvaluationDetailEvent = { type: 'user.back' };

export const evaluationDetailMachine = setup({
  types: {
    context: {} as EvaluationDetailContext,
    input: {} as EvaluationDetailInput,
    events: {} as EvaluationDetailEvent,
    tags: {} as 'busy' | 'loaded' | 'failed',
  },
  actors: {
    loadEvaluation: fromPromise<LoadedEvaluation, { evaluationId: string }>(notProvided('loadEvaluation')),
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    assignEvaluation: assign((_, params: LoadedEvaluation) => ({ evaluation: params.evaluation, results: params.results, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, 'The evaluation could not be loaded.') })),
  },
}).createMachine({
  id: 'evaluationDetail',
  context: ({ input }) => ({ ...input, evaluation: null, results: [], error: null }),
  initial: 'loading',
  on: {
    'user.back': {
      actions: { type: 'navigateTo', params: ({ context }) => ({ path: `/evaluations?page=${context.page}` }) },
    },
  },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadEvaluation',
        src: 'loadEvaluation',
        input: ({ context }) => ({ evaluationId: context.evaluationId }),
        onDone: { target: 'loaded', actions: { type: 'assignEvaluation', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { tags: 'loaded' },
    failed: { tags: 'failed' },
  },
});
