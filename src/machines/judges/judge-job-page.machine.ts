import { assign, fromPromise, setup } from 'xstate';
import { isJobActive, type JudgeJob } from '../../domain/judges/model-judge-types';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { notProvided } from '../shared/not-provided';

// /judge-jobs/:id: a model judge's job. Loaded, then, while it is queued or running, asked again every second
// (its progress, tokens, cost and failures as they grow) until it ends; a poll that fails says so and the next
// one tries again. Cancel stops it (a 409 means it ended first: the next poll shows how). A load that fails
// offers Try again; no valid id in the address is not found without a call.

export const JOB_POLL_MS = 1_000;

export type JudgeJobPageContext = {
  id: number | null;
  job: JudgeJob | null;
  error: string | null;
};

export type JudgeJobPageEvent = { type: 'user.retry' } | { type: 'user.cancel' };

export const judgeJobPageMachine = setup({
  types: {
    context: {} as JudgeJobPageContext,
    input: {} as { id: number | null },
    events: {} as JudgeJobPageEvent,
  },
  actors: {
    fetchJob: fromPromise<JudgeJob, { id: number }>(notProvided('fetchJob')),
    cancelJob: fromPromise<JudgeJob, { id: number }>(notProvided('cancelJob')),
  },
  delays: { poll: JOB_POLL_MS },
  guards: {
    hasNoRouteId,
    isActive: (_, params: { job: JudgeJob }) => isJobActive(params.job),
  },
  actions: {
    assignJob: assign((_, params: { job: JudgeJob }) => ({ job: params.job, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
}).createMachine({
  id: 'judgeJobPage',
  context: ({ input }) => ({ id: input.id, job: null, error: null }),
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.id }) }, target: 'notFound' },
        { target: 'loading' },
      ],
    },
    notFound: {},
    loading: {
      invoke: {
        id: 'fetchJob',
        src: 'fetchJob',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          {
            guard: { type: 'isActive', params: ({ event }) => ({ job: event.output }) },
            target: 'watching',
            actions: { type: 'assignJob', params: ({ event }) => ({ job: event.output }) },
          },
          { target: 'ended', actions: { type: 'assignJob', params: ({ event }) => ({ job: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    watching: {
      after: { poll: 'polling' },
      on: { 'user.cancel': 'cancelling' },
    },
    polling: {
      invoke: {
        id: 'pollJob',
        src: 'fetchJob',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          {
            guard: { type: 'isActive', params: ({ event }) => ({ job: event.output }) },
            target: 'watching',
            actions: { type: 'assignJob', params: ({ event }) => ({ job: event.output }) },
          },
          { target: 'ended', actions: { type: 'assignJob', params: ({ event }) => ({ job: event.output }) } },
        ],
        onError: { target: 'watching', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'user.cancel': 'cancelling' },
    },
    cancelling: {
      invoke: {
        id: 'cancelJob',
        src: 'cancelJob',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'ended', actions: { type: 'assignJob', params: ({ event }) => ({ job: event.output }) } },
        onError: { target: 'watching', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ended: {},
  },
});
