import { assign, fromPromise, setup } from 'xstate';
import { resultsAddress, type PassedRow } from '../../domain/runs/passed-run-result';
import type { CatalogueFacts, RunResultWithNames } from '../../domain/experiments/workbench-types';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { goldenSetIdOf } from '../../domain/judging/judge-queue';
import type { Judgement, JudgementInput, JudgingTarget } from '../../domain/judging/judging-types';
import { notProvided } from '../shared/not-provided';

// The /experiment-run-result-details/{id} page: the results table passes the row along (history state) and it
// shows at once; opened from an address or a new tab, the result is fetched by its id. Either way
// the catalogue's names of its judged products, and the descriptions and attributes of all its products, are
// fetched with it. A Metrics grid folds away, and Back
// returns to the run's results as the person left them, filter, sort and page (the origin); without one, at the
// row's page (page 1 when it was opened by address).
// An id the server does not know: 'No run result details found. Please go back and try again.'
// A returned product the golden set does not judge can be graded here, into the run's golden set
// (its scale fetched beside the result); the grade shows at once and is saved behind it, one save at a time.

/** What the results table hands to the details screen: the row, its run and the results page. */
export type PassedRunResult = PassedRow;

export type RunResultDetailsInput = {
  passed: PassedRunResult | null;
  resultId: number | null;
  /** The address the details were opened from (domain/shell/origin), or null. */
  origin?: string | null;
};

export type RunResultDetailsContext = RunResultDetailsInput & {
  /** Catalogue names of the judged products, once fetched. */
  names: Record<string, string> | null;
  /** The catalogue's description and attributes of the result's products it holds, once fetched. */
  catalogue: Record<string, CatalogueFacts>;
  error: string | null;
  /** The run's golden set and its scale, once known. */
  target: JudgingTarget | null;
  /** Grades given here, by product id, shown before the server has them. */
  judged: Record<string, number>;
  pending: Array<{ judgement: JudgementInput; previous: number | undefined }>;
  saveError: string | null;
};

export type TargetFetch = { goldenSetId: number | null; runId: number };

export type RunResultDetailsEvent =
  | { type: 'user.toggleMetrics' }
  | { type: 'user.back' }
  | { type: 'user.retry' }
  | { type: 'user.grade'; productId: string; grade: number };

export const runResultDetailsMachine = setup({
  types: {
    context: {} as RunResultDetailsContext,
    input: {} as RunResultDetailsInput,
    events: {} as RunResultDetailsEvent,
    tags: {} as 'missing' | 'metricsOpen' | 'loading' | 'failed' | 'canJudge',
  },
  actors: {
    fetchResult: fromPromise<RunResultWithNames | null, { id: number }>(notProvided('fetchResult')),
    fetchTarget: fromPromise<JudgingTarget, TargetFetch>(notProvided('fetchTarget')),
    saveGrade: fromPromise<Judgement, { goldenSetId: number; judgement: JudgementInput }>(notProvided('saveGrade')),
  },
  guards: {
    hasNoRouteId,
    wasPassed: ({ context }) => context.passed !== null,
    isNull: (_, params: { result: RunResultWithNames | null }) => params.result === null,
    hasNames: ({ context }) => context.names !== null,
    inScale: ({ context }, params: { grade: number }) =>
      Number.isInteger(params.grade) && params.grade >= 0 && params.grade <= (context.target?.scale.max_grade ?? -1),
    hasPending: ({ context }) => context.pending.length > 0,
  },
  actions: {
    /** Moves to another screen (wouter's navigate). */
    navigateTo: notProvided<{ path: string }>('navigateTo'),
    assignFetched: assign((_, params: { result: RunResultWithNames }) => {
      const { product_names: names, run_id: runId, ...result } = params.result;
      return { passed: { result, runId: runId ?? 0, page: 1 }, names, catalogue: params.result.catalogue ?? {} };
    }),
    assignNames: assign((_, params: { result: RunResultWithNames | null }) => ({
      names: params.result?.product_names ?? {},
      catalogue: params.result?.catalogue ?? {},
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    grade: assign(({ context }, { productId, grade }: { productId: string; grade: number }) => {
      const judgement = { query: context.passed!.result.result.input, product_id: productId, grade };
      return {
        judged: { ...context.judged, [productId]: grade },
        pending: [...context.pending, { judgement, previous: context.judged[productId] }],
        saveError: null,
      };
    }),
    saved: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    saveFailed: assign(({ context }, { error }: { error: unknown }) => {
      const [failed, ...pending] = context.pending;
      const { product_id: productId, grade } = failed.judgement;
      const judged = { ...context.judged };
      // A later grade of the same product stands.
      if (judged[productId] === grade) {
        if (failed.previous === undefined) delete judged[productId];
        else judged[productId] = failed.previous;
      }
      return { pending, judged, saveError: `Grade ${grade} for ${productId} was not saved: ${messageOf(error)}` };
    }),
  },
}).createMachine({
  id: 'runResultDetails',
  context: ({ input }) => ({
    passed: input.passed,
    resultId: input.resultId,
    origin: input.origin ?? null,
    names: null,
    catalogue: {},
    error: null,
    target: null,
    judged: {},
    pending: [],
    saveError: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'wasPassed', target: 'showing' },
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.resultId }) }, target: 'missing' },
        { target: 'fetching' },
      ],
    },
    fetching: {
      tags: 'loading',
      invoke: {
        id: 'fetchResult',
        src: 'fetchResult',
        input: ({ context }) => ({ id: context.resultId! }),
        onDone: [
          { guard: { type: 'isNull', params: ({ event }) => ({ result: event.output }) }, target: 'missing' },
          { target: 'showing', actions: { type: 'assignFetched', params: ({ event }) => ({ result: event.output! }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { tags: 'failed', on: { 'user.retry': 'fetching' } },
    missing: { tags: 'missing' },
    showing: {
      type: 'parallel',
      on: {
        'user.back': {
          actions: {
            type: 'navigateTo',
            params: ({ context }) => ({ path: resultsAddress(context.passed!, context.origin ?? null) }),
          },
        },
      },
      states: {
        metrics: {
          initial: 'open',
          states: {
            open: { tags: 'metricsOpen', on: { 'user.toggleMetrics': 'closed' } },
            closed: { on: { 'user.toggleMetrics': 'open' } },
          },
        },
        // A passed row comes without the catalogue's names and facts: fetched beside it; without them, ids show.
        names: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'hasNames', target: 'known' }, { target: 'loading' }] },
            loading: {
              invoke: {
                id: 'fetchNames',
                src: 'fetchResult',
                input: ({ context }) => ({ id: context.passed!.result.id }),
                onDone: { target: 'known', actions: { type: 'assignNames', params: ({ event }) => ({ result: event.output }) } },
                onError: 'known',
              },
            },
            known: {},
          },
        },
        // The golden set to grade into: the result's configuration names it, else the run does.
        judging: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchTarget',
                src: 'fetchTarget',
                input: ({ context }) => ({
                  goldenSetId: goldenSetIdOf(context.passed!.result.experiment_configuration),
                  runId: context.passed!.runId,
                }),
                onDone: { target: 'ready', actions: assign({ target: ({ event }) => event.output }) },
                // Without a golden set (or its scale) the products show as before, without grade buttons.
                onError: 'unavailable',
              },
            },
            unavailable: {},
            ready: {
              tags: 'canJudge',
              on: {
                'user.grade': {
                  guard: { type: 'inScale', params: ({ event }) => ({ grade: event.grade }) },
                  actions: { type: 'grade', params: ({ event }) => ({ productId: event.productId, grade: event.grade }) },
                },
              },
              initial: 'idle',
              states: {
                idle: { always: { guard: 'hasPending', target: 'saving' } },
                saving: {
                  invoke: {
                    id: 'saveGrade',
                    src: 'saveGrade',
                    input: ({ context }) => ({ goldenSetId: context.target!.goldenSetId, judgement: context.pending[0].judgement }),
                    onDone: { target: 'idle', actions: 'saved' },
                    onError: { target: 'idle', actions: { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
