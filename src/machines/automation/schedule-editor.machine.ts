import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { messageOf } from '../../domain/shared/error-message';
import type { Schedule, ScheduleChange } from '../../domain/automation/automation-types';

// An experiment's schedule: its cron text (UTC) and on/off, with its last and next run. While the cron is
// typed the server says its next runs, or why it cannot read it; Save sends both with one PUT, and the answer
// (or the server's refusal) is shown. A schedule that fails to load can be asked for again.

export type ScheduleEditorInput = { experimentId: number };

export type ScheduleEditorContext = {
  experimentId: number;
  saved: Schedule | null;
  draft: ScheduleChange;
  /** The draft cron's next runs as the server computed them; null until it answers. */
  nextRuns: string[] | null;
  /** Why the server cannot read the draft cron. */
  cronProblem: string | null;
  error: string | null;
  notice: string | null;
};

export type ScheduleEditorEvent =
  { type: 'user.cronChanged'; cron: string } | { type: 'user.enabledToggled' } | { type: 'user.save' } | { type: 'user.retry' };

const draftOf = (schedule: Schedule): ScheduleChange => ({ cron: schedule.cron ?? '', enabled: schedule.enabled });

export const scheduleEditorMachine = setup({
  types: {
    context: {} as ScheduleEditorContext,
    input: {} as ScheduleEditorInput,
    events: {} as ScheduleEditorEvent,
    tags: {} as 'loading' | 'saving',
  },
  actors: {
    fetchSchedule: fromPromise<Schedule, { experimentId: number }>(notProvided('fetchSchedule')),
    fetchNextRuns: fromPromise<string[], { cron: string }>(notProvided('fetchNextRuns')),
    saveSchedule: fromPromise<Schedule, { experimentId: number; change: ScheduleChange }>(notProvided('saveSchedule')),
  },
  guards: {
    hasCron: ({ context }) => context.draft.cron.trim() !== '',
    typedCron: (_, params: { cron: string }) => params.cron.trim() !== '',
  },
  actions: {
    assignLoaded: assign((_, params: { schedule: Schedule }) => ({
      saved: params.schedule,
      draft: draftOf(params.schedule),
      nextRuns: null,
      cronProblem: null,
      error: null,
    })),
    assignCron: assign(({ context }, params: { cron: string }) => ({
      draft: { ...context.draft, cron: params.cron },
      nextRuns: null,
      cronProblem: null,
      notice: null,
    })),
    toggleEnabled: assign(({ context }) => ({ draft: { ...context.draft, enabled: !context.draft.enabled }, notice: null })),
    assignNextRuns: assign((_, params: { nextRuns: string[] }) => ({ nextRuns: params.nextRuns })),
    assignCronProblem: assign((_, params: { error: unknown }) => ({ cronProblem: messageOf(params.error) })),
    assignSaved: assign((_, params: { schedule: Schedule }) => ({
      saved: params.schedule,
      draft: draftOf(params.schedule),
      error: null,
      notice: 'Saved.',
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), notice: null })),
    clearNotice: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'scheduleEditor',
  context: ({ input }) => ({
    experimentId: input.experimentId,
    saved: null,
    draft: { cron: '', enabled: false },
    nextRuns: null,
    cronProblem: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchSchedule',
        src: 'fetchSchedule',
        input: ({ context }) => ({ experimentId: context.experimentId }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => ({ schedule: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'user.cronChanged': [
          {
            guard: { type: 'typedCron', params: ({ event }) => ({ cron: event.cron }) },
            target: '.checking',
            reenter: true,
            actions: { type: 'assignCron', params: ({ event }) => ({ cron: event.cron }) },
          },
          { target: '.idle', actions: { type: 'assignCron', params: ({ event }) => ({ cron: event.cron }) } },
        ],
        'user.enabledToggled': { actions: 'toggleEnabled' },
        'user.save': { guard: 'hasCron', target: 'saving' },
      },
      states: {
        idle: {},
        checking: {
          invoke: {
            id: 'fetchNextRuns',
            src: 'fetchNextRuns',
            input: ({ context }) => ({ cron: context.draft.cron }),
            onDone: { target: 'idle', actions: { type: 'assignNextRuns', params: ({ event }) => ({ nextRuns: event.output }) } },
            onError: { target: 'idle', actions: { type: 'assignCronProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    saving: {
      tags: 'saving',
      entry: 'clearNotice',
      invoke: {
        id: 'saveSchedule',
        src: 'saveSchedule',
        input: ({ context }) => ({ experimentId: context.experimentId, change: context.draft }),
        onDone: { target: 'ready', actions: { type: 'assignSaved', params: ({ event }) => ({ schedule: event.output }) } },
        onError: { target: 'ready', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
