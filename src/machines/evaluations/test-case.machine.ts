import { assign, fromPromise, setup } from 'xstate';
import type { TestCase, TestCaseOwner } from '../../domain/evaluations/test-case';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { notProvided } from '../shared/not-provided';

// The /test-case/{id} page (id: a result's): one query's ranking against its golden set's references. The result
// is fetched by its id (null: the server has none, `missing`); then its run, which says whose it is (an
// evaluation's, or an experiment's), for the way back. Failing to learn that is no failure of the page: it links to
// the run by its id. Without a valid id in the address it is `notFound` at once; after a failure, Try again.

export type TestCaseInput = { resultId: number | null };

export type TestCaseContext = TestCaseInput & {
  testCase: TestCase | null;
  owner: TestCaseOwner | null;
  error: string | null;
};

export type TestCaseEvent = { type: 'user.retry' };

export const testCaseMachine = setup({
  types: {
    context: {} as TestCaseContext,
    input: {} as TestCaseInput,
    events: {} as TestCaseEvent,
    tags: {} as 'loading' | 'missing' | 'failed' | 'notFound',
  },
  actors: {
    fetchResult: fromPromise<TestCase | null, { id: number }>(notProvided('fetchResult')),
    fetchOwner: fromPromise<TestCaseOwner | null, { runId: number }>(notProvided('fetchOwner')),
  },
  guards: {
    hasNoRouteId,
    isNull: (_, params: { value: unknown }) => params.value === null,
    hasRun: ({ context }) => context.testCase?.run_id !== undefined,
  },
  actions: {
    assignTestCase: assign((_, params: { testCase: TestCase }) => ({ testCase: params.testCase, error: null })),
    assignOwner: assign((_, params: { owner: TestCaseOwner }) => ({ owner: params.owner })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, 'The test case could not be loaded.') })),
  },
}).createMachine({
  id: 'testCase',
  context: ({ input }) => ({ resultId: input.resultId, testCase: null, owner: null, error: null }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.resultId }) }, target: 'notFound' },
        { target: 'loading' },
      ],
    },
    notFound: { tags: 'notFound' },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchResult',
        src: 'fetchResult',
        input: ({ context }) => ({ id: context.resultId! }),
        onDone: [
          { guard: { type: 'isNull', params: ({ event }) => ({ value: event.output }) }, target: 'missing' },
          { target: 'loaded', actions: { type: 'assignTestCase', params: ({ event }) => ({ testCase: event.output! }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server has no result of that id.
    missing: { tags: 'missing' },
    failed: {
      tags: 'failed',
      on: { 'user.retry': 'loading' },
    },
    loaded: {
      initial: 'checkingRun',
      states: {
        checkingRun: {
          always: [{ guard: 'hasRun', target: 'findingOwner' }, { target: 'ownerUnknown' }],
        },
        // Its run says whether it is an evaluation's or an experiment's.
        findingOwner: {
          invoke: {
            id: 'fetchOwner',
            src: 'fetchOwner',
            input: ({ context }) => ({ runId: context.testCase!.run_id! }),
            onDone: [
              { guard: { type: 'isNull', params: ({ event }) => ({ value: event.output }) }, target: 'ownerUnknown' },
              { target: 'ownerKnown', actions: { type: 'assignOwner', params: ({ event }) => ({ owner: event.output! }) } },
            ],
            onError: 'ownerUnknown',
          },
        },
        ownerKnown: {},
        // The way back is the run's results by its id, or none for a result that names no run.
        ownerUnknown: {},
      },
    },
  },
});
