import { assign, fromPromise, setup } from 'xstate';
import type { ExperimentRun } from '../../domain/experiments/evaluation-backend-types';
import { isActiveRun } from '../../domain/runs/run-status';
import { notProvided } from '../shared/not-provided';
import { sendReload, type ReloadInput } from '../shared/reload';
import { messageOf } from '../../domain/shared/error-message';
import { hasNoRouteId } from '../../domain/shell/route-id';
import { tagsOf } from '../../domain/runs/run-tags';

// /experiment-runs/{id}: 'Run experiment' starts a run of the experiment (with the tags typed beside it), then the run is watched (polled
// about once a second, less often while its progress stands still) until it ends in success, failed or
// cancelled; 'Cancel run' asks the server to stop it. A run the page already shows as pending or running is
// watched the same way (`list.foundActiveRun`): the runs list's, the run results page's own run, and an
// evaluation's run (which has no experiment, so nothing to start).
// One run at a time: Run experiment waits until the watched run has ended. Its reload target (the
// experiment's runs list) hears `reload` when a run started or ended.

export type RunProgressInput = ReloadInput & { experimentId: number | null };

export type RunProgressContext = RunProgressInput & {
  /** The run being watched, as the server last described it; after it ends, its final state. */
  run: ExperimentRun | null;
  /** Why the run could not start (the server's message, e.g. no golden set configured). */
  startError: string | null;
  /** Why the last progress poll failed; cleared by the next good one. */
  pollError: string | null;
  /** Why the run could not be cancelled (e.g. it had just finished). */
  cancelError: string | null;
  /** The tags typed for the next run, comma-separated. */
  tagsText: string;
  /** Polls in a row that found the run as it was: each doubles the pause before the next (up to POLL_MAX_MS). */
  quietPolls: number;
};

export type RunProgressEvent =
  | { type: 'user.startRun' }
  | { type: 'user.changeTags'; text: string }
  | { type: 'user.cancelRun' }
  /** After a failed poll: ask now rather than at the next retry. */
  | { type: 'user.retry' }
  /** From the parent: the page shows a run that is still going. */
  | { type: 'list.foundActiveRun'; run: ExperimentRun };

/** How often a watched run is asked for its progress while it moves. */
export const POLL_INTERVAL_MS = 1_000;
/** The longest pause between polls of a run whose progress stands still (a queued run, a slow search). */
export const POLL_MAX_MS = 8_000;

/** Quiet polls past this many no longer lengthen the pause (it is POLL_MAX_MS already). */
const MAX_QUIET_POLLS = Math.log2(POLL_MAX_MS / POLL_INTERVAL_MS);

/** The pause before the next poll: a second, doubled for each poll in a row that found nothing new. */
export const pollDelay = ({ quietPolls }: Pick<RunProgressContext, 'quietPolls'>) => POLL_INTERVAL_MS * 2 ** quietPolls;

/** Nothing a person would see has changed since the last poll. */
const isSameMoment = (before: ExperimentRun | null, after: ExperimentRun) =>
  before !== null && before.status === after.status && before.progress?.done === after.progress?.done;
/** After a failed poll, how long until the next try. */
export const POLL_RETRY_MS = 5_000;

export const runProgressMachine = setup({
  types: {
    context: {} as RunProgressContext,
    input: {} as RunProgressInput,
    events: {} as RunProgressEvent,
    tags: {} as 'starting' | 'watching' | 'cancelling' | 'stalled',
  },
  actors: {
    startRun: fromPromise<ExperimentRun, { experimentId: number; tags: string[] }>(notProvided('startRun')),
    fetchRun: fromPromise<ExperimentRun, { runId: number }>(notProvided('fetchRun')),
    cancelRun: fromPromise<ExperimentRun, { runId: number }>(notProvided('cancelRun')),
  },
  delays: {
    pollInterval: ({ context }) => pollDelay(context),
    retryInterval: POLL_RETRY_MS,
  },
  guards: {
    hasNoRouteId,
    hasEnded: (_, params: { run: ExperimentRun }) => !isActiveRun(params.run),
    hasExperiment: ({ context }) => context.experimentId !== null,
  },
  actions: {
    watchRun: assign((_, params: { run: ExperimentRun }) => ({
      run: params.run,
      startError: null,
      pollError: null,
      cancelError: null,
      quietPolls: 0,
    })),
    assignRun: assign(({ context }, params: { run: ExperimentRun }) => ({
      run: params.run,
      pollError: null,
      quietPolls: isSameMoment(context.run, params.run) ? Math.min(context.quietPolls + 1, MAX_QUIET_POLLS) : 0,
    })),
    assignStartError: assign((_, params: { error: unknown }) => ({ startError: messageOf(params.error) })),
    assignPollError: assign((_, params: { error: unknown }) => ({ pollError: messageOf(params.error) })),
    assignCancelError: assign((_, params: { error: unknown }) => ({ cancelError: messageOf(params.error) })),
    clearStartError: assign({ startError: null }),
    /** Tells the runs list that it is out of date. */
    sendReload: sendReload(),
  },
}).createMachine({
  id: 'runProgress',
  context: ({ input }) => ({
    experimentId: input.experimentId,
    reloadTarget: input.reloadTarget,
    run: null,
    startError: null,
    pollError: null,
    cancelError: null,
    tagsText: '',
    quietPolls: 0,
  }),
  on: { 'user.changeTags': { actions: assign({ tagsText: ({ event }) => event.text }) } },
  initial: 'checkingId',
  states: {
    checkingId: {
      always: [
        { guard: { type: 'hasNoRouteId', params: ({ context }) => ({ id: context.experimentId }) }, target: 'notFound' },
        { target: 'idle' },
      ],
    },
    // No experiment (the address named no valid id, or the run is an evaluation's): nothing to start, but a run
    // the page shows still going is watched.
    notFound: {
      on: {
        'list.foundActiveRun': { target: 'watching', actions: { type: 'watchRun', params: ({ event }) => ({ run: event.run }) } },
      },
    },
    idle: {
      on: {
        'user.startRun': { target: 'starting', actions: 'clearStartError' },
        'list.foundActiveRun': { target: 'watching', actions: { type: 'watchRun', params: ({ event }) => ({ run: event.run }) } },
      },
    },
    starting: {
      tags: 'starting',
      invoke: {
        id: 'startRun',
        src: 'startRun',
        input: ({ context }) => ({ experimentId: context.experimentId!, tags: tagsOf(context.tagsText) }),
        onDone: {
          target: 'watching',
          actions: [{ type: 'watchRun', params: ({ event }) => ({ run: event.output }) }, 'sendReload', assign({ tagsText: '' })],
        },
        onError: { target: 'startFailed', actions: { type: 'assignStartError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server's reason in red; Run experiment may be tried again.
    startFailed: {
      on: {
        'user.startRun': { target: 'starting', actions: 'clearStartError' },
        'list.foundActiveRun': { target: 'watching', actions: { type: 'watchRun', params: ({ event }) => ({ run: event.run }) } },
      },
    },
    watching: {
      tags: 'watching',
      initial: 'waiting',
      states: {
        waiting: {
          after: { pollInterval: 'polling' },
          on: { 'user.cancelRun': 'cancelling' },
        },
        polling: {
          invoke: {
            id: 'fetchRun',
            src: 'fetchRun',
            input: ({ context }) => ({ runId: context.run!.id }),
            onDone: [
              {
                guard: { type: 'hasEnded', params: ({ event }) => ({ run: event.output }) },
                target: '#runProgress.ended',
                actions: { type: 'assignRun', params: ({ event }) => ({ run: event.output }) },
              },
              { target: 'waiting', actions: { type: 'assignRun', params: ({ event }) => ({ run: event.output }) } },
            ],
            onError: { target: 'stalled', actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) } },
          },
          on: { 'user.cancelRun': 'cancelling' },
        },
        // The last poll failed: say so, try again a little later (or at once on Try again).
        stalled: {
          tags: 'stalled',
          after: { retryInterval: 'polling' },
          on: { 'user.retry': 'polling', 'user.cancelRun': 'cancelling' },
        },
        cancelling: {
          tags: 'cancelling',
          invoke: {
            id: 'cancelRun',
            src: 'cancelRun',
            input: ({ context }) => ({ runId: context.run!.id }),
            onDone: [
              {
                guard: { type: 'hasEnded', params: ({ event }) => ({ run: event.output }) },
                target: '#runProgress.ended',
                actions: { type: 'assignRun', params: ({ event }) => ({ run: event.output }) },
              },
              { target: 'waiting', actions: { type: 'assignRun', params: ({ event }) => ({ run: event.output }) } },
            ],
            // Most often the run finished first (409): the next poll shows how it ended.
            onError: { target: 'waiting', actions: { type: 'assignCancelError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    // The run's last state stays shown (a failed run's error in red); another run may start.
    ended: {
      entry: 'sendReload',
      on: {
        'user.startRun': { guard: 'hasExperiment', target: 'starting', actions: 'clearStartError' },
        'list.foundActiveRun': { target: 'watching', actions: { type: 'watchRun', params: ({ event }) => ({ run: event.run }) } },
      },
    },
  },
});
