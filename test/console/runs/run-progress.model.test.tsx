import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { POLL_MAX_MS, POLL_RETRY_MS, pollDelay, runProgressMachine } from '../../../src/machines/runs/run-progress.machine';
import type { ExperimentRun, ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import { formatRunProgress, runStatusSentence } from '../../../src/domain/runs/run-status';
import { ExperimentRunsPage } from '../../../src/views/runs/ExperimentRunsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { replayedSteps, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every state of the real run-progress machine (start, watch, cancel), reached by its
// shortest path and replayed on /experiment-runs/4 with the page's real machines. User events are clicks,
// the calls resolve or reject when the path says so, the poll's pause passes on a fake clock. At each
// step: the Run experiment button, the run's panel (sentence, progress bar, Cancel run), the red texts,
// the runs table, and how often the list was fetched (once, then again whenever a run started or ended).

type Snapshot = SnapshotFrom<typeof runProgressMachine>;
type ModelEvent =
  | EventFromLogic<typeof runProgressMachine>
  | ActorDone<'startRun', ExperimentRun>
  | ActorError<'startRun', Error>
  | ActorDone<'fetchRun', ExperimentRun>
  | ActorError<'fetchRun', Error>
  | ActorDone<'cancelRun', ExperimentRun>
  | ActorError<'cancelRun', Error>
  | { type: 'xstate.after.pollInterval.runProgress.watching.waiting' }
  | { type: 'xstate.after.retryInterval.runProgress.watching.stalled' };

const run = (id: number, status: string, done: number, total: number, extra: Partial<ExperimentRun> = {}): ExperimentRun => ({
  id,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status,
  total_cost: 0,
  created_at: `2026-03-0${id % 9}T10:00:00.000Z`,
  updated_at: `2026-03-0${id % 9}T10:00:00.000Z`,
  progress: { done, total },
  error: null,
  ...extra,
});

/** A run as its own call (GET experiment-runs/{id}) answers: the list's row with its experiment and summary. */
const details = (row: ExperimentRun): ExperimentRunDetails => ({
  ...row,
  experiment_id: 4,
  summary: { results: 0, passed: 0, failed: 0, errors: 0, mean_metrics: {} },
});

const earlierRun = run(5, 'success', 48, 48);
const runningRun = run(7, 'running', 500, 10_000);
const startedRun = run(12, 'pending', 0, 10_000);
const noGoldenSet = "Experiment 'Built-in search' has no golden set configured";
const searchDown = 'Search backend unreachable after 3 attempts';

const isInitial = (state: Snapshot) => state.matches('idle') && state.context.run === null;

/** The events a path may take from a state: user events the machine accepts, and each answer of the call in flight. */
function eventsFrom(state: Snapshot): ModelEvent[] {
  const user: Array<EventFromLogic<typeof runProgressMachine>> = [
    { type: 'user.startRun' },
    { type: 'user.cancelRun' },
    { type: 'user.retry' },
  ];
  const events: ModelEvent[] = user.filter((event) => state.can(event));
  // The list shows a run still going when the page opens.
  if (isInitial(state)) events.push({ type: 'list.foundActiveRun', run: runningRun });
  const id = state.context.run?.id ?? 0;
  if (state.matches('starting')) {
    events.push(
      { type: 'xstate.done.actor.startRun', output: startedRun },
      { type: 'xstate.error.actor.startRun', error: new Error(noGoldenSet) },
    );
  }
  if (state.matches({ watching: 'waiting' })) events.push({ type: 'xstate.after.pollInterval.runProgress.watching.waiting' });
  if (state.matches({ watching: 'polling' })) {
    events.push(
      { type: 'xstate.done.actor.fetchRun', output: run(id, 'running', 1234, 10_000) },
      { type: 'xstate.done.actor.fetchRun', output: run(id, 'success', 10_000, 10_000, { total_cost: 2 }) },
      { type: 'xstate.done.actor.fetchRun', output: run(id, 'failed', 4321, 10_000, { error: searchDown }) },
      { type: 'xstate.error.actor.fetchRun', error: new Error('The server answered 502 Bad Gateway') },
    );
  }
  if (state.matches({ watching: 'stalled' })) events.push({ type: 'xstate.after.retryInterval.runProgress.watching.stalled' });
  if (state.matches({ watching: 'cancelling' })) {
    events.push(
      { type: 'xstate.done.actor.cancelRun', output: run(id, 'cancelled', state.context.run?.progress?.done ?? 0, 10_000) },
      { type: 'xstate.error.actor.cancelRun', error: new Error(`Experiment run ${id} has already finished`) },
    );
  }
  return events;
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.startRun':
      return 'start answers';
    case 'xstate.error.actor.startRun':
      return 'start refused';
    case 'xstate.done.actor.fetchRun':
      return `poll says ${event.output.status}`;
    case 'xstate.error.actor.fetchRun':
      return 'poll fails';
    case 'xstate.done.actor.cancelRun':
      return 'cancel answers';
    case 'xstate.error.actor.cancelRun':
      return 'cancel refused';
    case 'xstate.after.pollInterval.runProgress.watching.waiting':
      return 'a second passes';
    case 'xstate.after.retryInterval.runProgress.watching.stalled':
      return 'the retry pause passes';
    default:
      return event.type;
  }
}

const serializeState = (state: Snapshot) => {
  const { run: watched, ...rest } = state.context;
  return JSON.stringify({
    value: state.value,
    run: watched && { id: watched.id, status: watched.status, progress: watched.progress, error: watched.error },
    ...rest,
  });
};

/** The server's runs as the test has answered them, newest first. */
function serverRuns(known: Map<number, ExperimentRun>): ExperimentRun[] {
  return [...known.values()].sort((a, b) => b.id - a.id);
}

async function perform(event: ModelEvent, services: FakeDeps, known: Map<number, ExperimentRun>, previous: Snapshot) {
  switch (event.type) {
    case 'user.startRun':
      return fireEvent.click(screen.getByRole('button', { name: 'Run experiment' }));
    case 'user.cancelRun':
      return fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    case 'list.foundActiveRun':
      known.set(event.run.id, event.run);
      return services.settle('runsOfExperiment', { output: serverRuns(known) });
    // A second, longer after each poll in a row that found the run as it was.
    case 'xstate.after.pollInterval.runProgress.watching.waiting':
      return act(() => vi.advanceTimersByTimeAsync(pollDelay(previous.context)));
    case 'xstate.after.retryInterval.runProgress.watching.stalled':
      return act(() => vi.advanceTimersByTimeAsync(POLL_RETRY_MS));
    // The backend call behind each of the progress machine's actors.
    case 'xstate.done.actor.startRun':
      known.set(event.output.id, event.output);
      return services.settle('startRun', { output: event.output });
    case 'xstate.done.actor.fetchRun':
      known.set(event.output.id, event.output);
      return services.settle('getRun', { output: details(event.output) });
    case 'xstate.done.actor.cancelRun':
      known.set(event.output.id, event.output);
      return services.settle('cancelRun', { output: event.output });
    case 'xstate.error.actor.startRun':
      return services.settle('startRun', { error: event.error });
    case 'xstate.error.actor.fetchRun':
      return services.settle('getRun', { error: event.error });
    case 'xstate.error.actor.cancelRun':
      return services.settle('cancelRun', { error: event.error });
  }
}

function expectScreen(state: Snapshot, known: Map<number, ExperimentRun>) {
  const { context } = state;
  const start = screen.getByRole('button', { name: state.matches('starting') ? 'Starting...' : 'Run experiment' }) as HTMLButtonElement;
  expect(start.disabled).toBe(!state.can({ type: 'user.startRun' }));

  const alerts: string[] = [];
  if (state.matches('startFailed')) alerts.push(noGoldenSet);
  const watched = context.run;
  const panelShown = watched !== null && (state.matches('watching') || state.matches('ended'));
  const panel = watched ? screen.queryByRole('region', { name: `Run ${watched.id}` }) : null;
  expect(panel !== null).toBe(panelShown);
  if (panel && watched) {
    const text = formatRunProgress(watched.progress);
    expect(within(panel).getByText(runStatusSentence(watched))).toBeTruthy();
    const bar = within(panel).getByRole('progressbar', { name: `Run ${watched.id} progress` });
    expect([bar.getAttribute('value'), bar.getAttribute('max'), bar.getAttribute('aria-valuetext')]).toEqual([
      String(watched.progress!.done),
      String(watched.progress!.total),
      text,
    ]);
    expect(within(panel).getByText(text)).toBeTruthy();
    const cancel = within(panel).queryByRole('button', { name: /^(Cancel run|Cancelling\.\.\.)$/ }) as HTMLButtonElement | null;
    expect(cancel?.textContent ?? null).toBe(
      state.matches('watching') ? (state.matches({ watching: 'cancelling' }) ? 'Cancelling...' : 'Cancel run') : null,
    );
    if (cancel) expect(cancel.disabled).toBe(!state.can({ type: 'user.cancelRun' }));
    if (state.matches('ended') && watched.error) alerts.push(watched.error);
    if (context.cancelError) alerts.push(`Could not cancel the run: ${context.cancelError}`);
    if (state.matches({ watching: 'stalled' })) alerts.push(`Could not refresh the progress: ${context.pollError}`);
    expect(within(panel).queryByRole('button', { name: 'Refresh now' }) !== null).toBe(state.matches({ watching: 'stalled' }));
  }
  expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual(alerts);

  // The table: every run the server has, newest first, the watched one as last polled; a failed run's error under its status.
  const table = screen.getByRole('table', { name: 'Runs of experiment 4' });
  const rows = within(table).getAllByRole('row').slice(1);
  const expected = serverRuns(known);
  // The status after the Compare checkbox, the script, the tags and the target.
  expect(rows.map((row) => within(row).getAllByRole('cell')[4].textContent)).toEqual(
    expected.map((row) => (row.status === 'failed' && row.error ? `${row.status}${row.error}` : row.status)),
  );
}

describe('run progress on /experiment-runs/{id}', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  replayShortestPaths(runProgressMachine.provide({ actions: { sendReload: () => undefined } }), {
    input: { experimentId: 4, reloadTarget: createEmptyActor() },
    events: eventsFrom,
    serializeState,
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 150 },
    describeEvent,
    name: (path, route) => `reaches ${serializeState(path.state)} via ${route || 'nothing'}`,
    async setup(path) {
      const services = fakeDeps();
      const known = new Map<number, ExperimentRun>([[earlierRun.id, earlierRun]]);
      renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
      expect(services.last('runsOfExperiment').args).toEqual([4]);
      // The list answers at once, unless the path begins with it showing a run still going.
      const steps = replayedSteps(path);
      if (steps[0]?.event.type !== 'list.foundActiveRun') {
        await services.settle('runsOfExperiment', { output: serverRuns(known) });
      }
      if (steps.length === 0) expectScreen(path.steps[0].state, known);
      return { services, known, listFetches: 1 };
    },
    perform: (event, { services, known }, step) => perform(event, services, known, step.previous),
    beforeStep: (_, { services }) => services.calls('getRun'),
    async afterPerform({ event, state, previous }, page, polls) {
      const { services, known } = page;
      // A run that started or ended reloads the list; the server answers with its runs.
      const changed = event.type === 'xstate.done.actor.startRun' || (state.matches('ended') && !previous.matches('ended'));
      if (changed) page.listFetches += 1;
      expect(services.calls('runsOfExperiment')).toBe(page.listFetches);
      if (changed) await services.settle('runsOfExperiment', { output: serverRuns(known) });
      if (event.type === 'xstate.done.actor.startRun') expect(services.last('startRun').args).toEqual([4, []]);
      // The pause before a poll, or after a failed one, ends in exactly one poll of the watched run.
      if (state.matches({ watching: 'polling' }) && !previous.matches({ watching: 'polling' })) {
        expect(services.calls('getRun')).toBe(polls + 1);
        expect(services.last('getRun').args).toEqual([state.context.run!.id]);
      }
      if (state.matches({ watching: 'cancelling' })) expect(services.last('cancelRun').args).toEqual([state.context.run!.id]);
    },
    // Timers are fake here: the screen is checked once each step has settled, without waiting.
    expectInitialScreen: false,
    waitForScreen: false,
    expectScreen: (state, { known }) => expectScreen(state, known),
  });

  it('polls about once a second while the run goes on, and stops when it ends', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
    await services.settle('runsOfExperiment', { output: [runningRun] });
    expect(services.calls('getRun')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(services.calls('getRun')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(services.calls('getRun')).toBe(1);
    // No second poll while the first is unanswered.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(services.calls('getRun')).toBe(1);
    await services.settle('getRun', { output: details(run(7, 'running', 9_000, 10_000)) });
    expect(screen.getByText('9,000 / 10,000 entries')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(services.calls('getRun')).toBe(2);
    await services.settle('getRun', { output: details(run(7, 'success', 10_000, 10_000)) });
    expect(screen.getByText('Run 7 finished.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(services.calls('getRun')).toBe(2);
    expect(services.calls('runsOfExperiment')).toBe(2);
  });

  it('waits twice as long after each poll that found nothing new, up to its longest pause, and a second again once it moves', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
    await services.settle('runsOfExperiment', { output: [runningRun] });
    /** Answers the poll in flight, then counts the milliseconds until the next one. */
    async function pauseAfter(answer: ExperimentRun): Promise<number> {
      await services.settle('getRun', { output: details(answer) });
      const polls = services.calls('getRun');
      let waited = 0;
      while (services.calls('getRun') === polls) {
        await act(() => vi.advanceTimersByTimeAsync(500));
        waited += 500;
      }
      return waited;
    }
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const pauses = [];
    for (let n = 0; n < 5; n++) pauses.push(await pauseAfter(runningRun));
    pauses.push(await pauseAfter(run(7, 'running', 600, 10_000)));
    expect(pauses).toEqual([2_000, 4_000, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS, 1_000]);
  });

  it('shows an indeterminate bar until the run knows its total', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
    await services.settle('runsOfExperiment', { output: [run(8, 'pending', 0, 0)] });
    const bar = screen.getByRole('progressbar', { name: 'Run 8 progress' });
    expect([bar.hasAttribute('value'), bar.getAttribute('aria-valuetext')]).toEqual([false, 'Preparing...']);
  });

  it('does not watch a run of a status it does not know, and still offers Run experiment', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
    await services.settle('runsOfExperiment', { output: [run(9, 'queued', 0, 0)] });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('button', { name: 'Run experiment' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
