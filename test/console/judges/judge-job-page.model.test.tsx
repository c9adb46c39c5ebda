import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { progressText, totalsText } from '../../../src/domain/judges/job-texts';
import type { JudgeJob } from '../../../src/domain/judges/model-judge-types';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { JOB_POLL_MS, judgeJobPageMachine } from '../../../src/machines/judges/judge-job-page.machine';
import { JudgeJobPage } from '../../../src/views/judges/JudgeJobPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: every shortest path of the real judge job page machine, replayed on /judge-jobs/5. The job's
// progress and totals as the server last answered, asked again every second while it runs; Cancel while it
// runs; failures listed with the model's answer; a failed load offers Try again, a failed poll says why and
// the next one tries again.

type Snapshot = SnapshotFrom<typeof judgeJobPageMachine>;
type ModelEvent =
  | EventFromLogic<typeof judgeJobPageMachine>
  | ActorDone<'fetchJob', JudgeJob>
  | ActorError<'fetchJob', Error>
  | ActorDone<'pollJob', JudgeJob>
  | ActorError<'pollJob', Error>
  | ActorDone<'cancelJob', JudgeJob>
  | ActorError<'cancelJob', Error>
  | { type: 'xstate.after.poll.judgeJobPage.watching' };

const running: JudgeJob = {
  id: 5,
  judge_id: 4,
  judge_name: 'Fake GPT',
  golden_set_id: 3,
  run_id: 7,
  scope: 'unjudged',
  status: 'running',
  done: 1,
  total: 3,
  failed: 0,
  tokens_in: 100,
  tokens_out: 20,
  cost: 0.4,
  estimate: { pairs: 3, prompt_tokens: 300, cost: 0.75 },
  error: null,
  failures: [],
  created_by: 'Cora',
  created_at: '2026-03-01T09:30:00Z',
  started_at: '2026-03-01T09:30:01Z',
  finished_at: null,
};
const failure = {
  query: 'red sofa',
  product_id: 'p2',
  error: 'The model did not answer JSON',
  raw_answer: 'Relevant, I think.',
  at: '2026-03-01T09:30:02Z',
};
const further: JudgeJob = { ...running, done: 2, failed: 1, tokens_in: 200, tokens_out: 40, cost: 0.8, failures: [failure] };
const succeeded: JudgeJob = {
  ...further,
  status: 'succeeded',
  done: 3,
  tokens_in: 300,
  tokens_out: 60,
  cost: 1.2,
  finished_at: '2026-03-01T09:30:03Z',
};
const cancelled: JudgeJob = { ...running, status: 'cancelled', finished_at: '2026-03-01T09:30:03Z' };
const down = new Error('The server did not answer');
const ended = new RefusalError('Judge job 5 has already ended (succeeded)');

function eventsFor(state: Snapshot): ModelEvent[] {
  const answers = (id: 'fetchJob' | 'pollJob'): ModelEvent[] => [
    { type: `xstate.done.actor.${id}`, output: running },
    { type: `xstate.done.actor.${id}`, output: further },
    { type: `xstate.done.actor.${id}`, output: succeeded },
    { type: `xstate.error.actor.${id}`, error: down },
  ];
  return possibleEvents<ModelEvent>(state, [
    { type: 'user.retry' },
    { type: 'user.cancel' },
    ...(state.matches('loading') ? answers('fetchJob') : []),
    ...(state.matches('polling') ? answers('pollJob') : []),
    ...(state.matches('watching') ? [{ type: 'xstate.after.poll.judgeJobPage.watching' } as const] : []),
    ...(state.matches('cancelling')
      ? ([
          { type: 'xstate.done.actor.cancelJob', output: cancelled },
          { type: 'xstate.error.actor.cancelJob', error: ended },
        ] satisfies ModelEvent[])
      : []),
  ]);
}

const describeEvent = (event: ModelEvent) =>
  'output' in event
    ? `${event.type.replace('xstate.', '')}(${event.output.status} ${event.output.done})`
    : event.type.replace('xstate.', '');

async function perform(event: ModelEvent, services: FakeDeps) {
  switch (event.type) {
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.cancel':
      return fireEvent.click(screen.getByRole('button', { name: 'Cancel job' }));
    case 'xstate.after.poll.judgeJobPage.watching':
      return act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    case 'xstate.done.actor.fetchJob':
    case 'xstate.done.actor.pollJob':
      return services.settle('judgeJob', { output: event.output });
    case 'xstate.error.actor.fetchJob':
    case 'xstate.error.actor.pollJob':
      return services.settle('judgeJob', { error: event.error });
    case 'xstate.done.actor.cancelJob':
      return services.settle('cancelJob', { output: event.output });
    case 'xstate.error.actor.cancelJob':
      return services.settle('cancelJob', { error: event.error });
  }
}

function expectScreen(state: Snapshot) {
  const { job, error } = state.context;
  if (state.matches('failed')) {
    expect(screen.getByRole('alert').textContent).toContain(`Could not load the judge job. ${error}`);
    return;
  }
  if (job === null) {
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    return;
  }
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Judge job 5 · Fake GPT');
  expect(screen.getByLabelText('Progress').textContent).toBe(progressText(job));
  expect(screen.getByLabelText('Totals').textContent).toBe(totalsText(job));
  expect(screen.getByLabelText('Status').textContent).toBe(`${job.status} · golden set 3 · run 7 · unjudged pairs`);
  expect(screen.queryByRole('button', { name: 'Cancel job' }) !== null).toBe(state.can({ type: 'user.cancel' }));
  expect(screen.queryByRole('button', { name: 'Cancelling...' }) !== null).toBe(state.matches('cancelling'));
  expect(screen.queryByRole('alert')?.textContent ?? null).toBe(error);
  const rows = screen.queryByRole('table', { name: 'Failures' });
  if (job.failures.length === 0) expect(rows).toBeNull();
  else
    expect(
      within(rows!)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([[failure.query, failure.product_id, failure.error, failure.raw_answer]]);
}

describe('a judge job on /judge-jobs/{id}', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  replayShortestPaths(judgeJobPageMachine, {
    input: { id: 5 },
    events: eventsFor,
    serializeState: (state, event) =>
      JSON.stringify({
        value: state.value,
        job: state.context.job && [state.context.job.status, state.context.job.done],
        error: state.context.error,
        by: event && describeEvent(event),
      }),
    // A broken generator fails loudly: at least as many paths as the graph yields today.
    paths: { atLeast: 26 },
    describeEvent,
    name: (path, route) => `reaches ${String(path.state.value)} via ${route || 'nothing'}`,
    setup() {
      const services = fakeDeps();
      renderWithLogic(services, '/judge-jobs/5', <JudgeJobPage id={5} />, { role: 'curator' });
      return services;
    },
    perform: (event, services) => perform(event, services),
    // Under fake timers the screen is checked at once: each step's act() has rendered it.
    waitForScreen: false,
    expectScreen: (state) => expectScreen(state),
    beforeStep: (_, services) => services.calls('judgeJob'),
    afterPerform({ event }, services, before) {
      // The pause while a job runs ends in exactly one more read of it; Cancel asks to cancel this job.
      if (event.type === 'xstate.after.poll.judgeJobPage.watching') expect(services.calls('judgeJob')).toBe(before + 1);
      if (event.type === 'user.cancel') expect(services.last('cancelJob').args).toEqual([5]);
    },
  });
});
