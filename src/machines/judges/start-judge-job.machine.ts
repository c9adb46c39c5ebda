import { assign, fromPromise, setup } from 'xstate';
import { EMPTY_JUDGE_JOB_FIELDS, isJudgeJobReady, judgeJobRequest, type JudgeJobFields } from '../../domain/judges/judge-job-form';
import type { JudgeJobEstimate, NewJudgeJob } from '../../domain/judges/model-judge-types';
import { messageOf } from '../../domain/shared/error-message';
import { notProvided } from '../shared/not-provided';

// On /model-judges, a judge's "Judge a golden set / a run": the set (and a run) chosen, or preset by the run page
// that sent the curator here, the cost estimated by
// the server before anything starts, shown, and only then the job started; its page opens (`showJob`). A
// refusal (a run of another set, no such set) returns to the choice with the server's message; Back from the
// estimate changes the choice; Cancel closes at any point but while a call is under way.

export type JobJudge = { id: number; name: string };

export type StartJudgeJobContext = {
  /** What the dialog opens with: the set and run a run's page sent the curator here to judge. */
  preset: Partial<JudgeJobFields>;
  judge: JobJudge | null;
  fields: JudgeJobFields;
  estimate: JudgeJobEstimate | null;
  failure: string | null;
};

export type StartJudgeJobEvent =
  | { type: 'user.open'; judge: JobJudge }
  | { type: 'user.change'; fields: Partial<JudgeJobFields> }
  | { type: 'user.estimate' }
  | { type: 'user.back' }
  | { type: 'user.start' }
  | { type: 'user.cancel' };

type JobRequest = { judgeId: number; job: NewJudgeJob };

export const startJudgeJobMachine = setup({
  types: {
    input: {} as { preset?: Partial<JudgeJobFields> } | undefined,
    context: {} as StartJudgeJobContext,
    events: {} as StartJudgeJobEvent,
    tags: {} as 'modalOpen' | 'busy',
  },
  actors: {
    estimateJob: fromPromise<JudgeJobEstimate, JobRequest>(notProvided('estimateJob')),
    startJob: fromPromise<{ id: number }, JobRequest>(notProvided('startJob')),
  },
  guards: {
    isReady: ({ context }) => isJudgeJobReady(context.fields),
  },
  actions: {
    open: assign(({ context }, params: { judge: JobJudge }) => ({
      judge: params.judge,
      fields: { ...EMPTY_JUDGE_JOB_FIELDS, ...context.preset },
      estimate: null,
      failure: null,
    })),
    assignFields: assign(({ context }, params: { fields: Partial<JudgeJobFields> }) => ({
      fields: { ...context.fields, ...params.fields },
      failure: null,
    })),
    assignEstimate: assign((_, params: { estimate: JudgeJobEstimate }) => ({ estimate: params.estimate, failure: null })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: messageOf(params.error) })),
    close: assign({ judge: null, estimate: null, failure: null }),
    showJob: notProvided<{ id: number }>('showJob'),
  },
}).createMachine({
  id: 'startJudgeJob',
  context: ({ input }) => ({
    preset: input?.preset ?? {},
    judge: null,
    fields: EMPTY_JUDGE_JOB_FIELDS,
    estimate: null,
    failure: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'user.open': { target: 'choosing', actions: { type: 'open', params: ({ event }) => event } } },
    },
    choosing: {
      tags: 'modalOpen',
      on: {
        'user.change': { actions: { type: 'assignFields', params: ({ event }) => event } },
        'user.estimate': { guard: 'isReady', target: 'estimating' },
        'user.cancel': { target: 'closed', actions: 'close' },
      },
    },
    estimating: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'estimateJob',
        src: 'estimateJob',
        input: ({ context }) => ({ judgeId: context.judge!.id, job: judgeJobRequest(context.fields) }),
        onDone: { target: 'confirming', actions: { type: 'assignEstimate', params: ({ event }) => ({ estimate: event.output }) } },
        onError: { target: 'choosing', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      tags: 'modalOpen',
      on: {
        'user.start': 'starting',
        'user.back': 'choosing',
        'user.cancel': { target: 'closed', actions: 'close' },
      },
    },
    starting: {
      tags: ['modalOpen', 'busy'],
      invoke: {
        id: 'startJob',
        src: 'startJob',
        input: ({ context }) => ({ judgeId: context.judge!.id, job: judgeJobRequest(context.fields) }),
        onDone: { target: 'closed', actions: ['close', { type: 'showJob', params: ({ event }) => ({ id: event.output.id }) }] },
        onError: { target: 'confirming', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
