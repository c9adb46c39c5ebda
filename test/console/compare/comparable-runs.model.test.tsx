import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { comparableRunsMachine } from '../../../src/machines/compare/comparable-runs.machine';
import type { ComparableRun } from '../../../src/domain/compare/compare-links';
import type { Page } from '../../../src/domain/evaluations/evaluation-service-types';
import type { ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { fakeDeps, type FakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';
import { possibleEvents, replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: "Compare with…" on a run's page. A dialog of the finished runs that share its dataset
// or golden set, newest first, ten at a time; choosing one opens the comparison, the older run as the baseline.
// Every shortest path of the real machine (keyed by the edge too, so every edge is walked), on the real page.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof comparableRunsMachine>;

/** The run whose page it is: finished on the 20th. */
const thisRun: ExperimentRunDetails = {
  id: 9,
  experiment_id: 4,
  experiment_name: 'BM25 baseline',
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status: 'success',
  total_cost: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:05:00.000Z',
  config: {},
  summary: { results: 0, passed: 0, failed: 0, errors: 0, mean_metrics: {} },
};
const comparable = (id: number, day: number, tags: string[] = []): ComparableRun => ({
  id,
  experiment_id: 5,
  number: id - 6,
  experiment_name: 'Semantic rerank',
  status: 'success',
  tags,
  created_at: `2026-11-${day}T15:04:00Z`,
  evaluation_script_name: 'Golden set relevance',
  evaluation: null,
});
// Twelve runs, newest first: ten on page 1 (runs 30 to 21, the 29th to the 20th), two on page 2 (older than run 9).
const firstPage: Page<ComparableRun> = {
  items: Array.from({ length: 10 }, (_, index) => comparable(30 - index, 29 - index, index === 0 ? ['rerank', 'v2'] : [])),
  total: 12,
};
// The oldest is an evaluation's run: no experiment, named by its evaluation.
const evaluationRun: ComparableRun = {
  ...comparable(7, 17),
  experiment_id: null,
  experiment_name: null,
  number: 1,
  evaluation: { id: 3, name: 'Reranker export' },
};
const lastPage: Page<ComparableRun> = { items: [comparable(8, 18), evaluationRun], total: 12 };
const none: Page<ComparableRun> = { items: [], total: 0 };
const failure = new Error('The server answered 503');

type ModelEvent =
  | EventFromLogic<typeof comparableRunsMachine>
  | ActorDone<'fetchComparableRuns', Page<ComparableRun>>
  | ActorError<'fetchComparableRuns', Error>;

const describeEvent = (event: ModelEvent) =>
  event.type === 'xstate.done.actor.fetchComparableRuns'
    ? `${event.output.items.length} runs`
    : event.type === 'user.choose'
      ? `choose run ${event.run.id}`
      : event.type;

async function openPage(services: FakeDeps) {
  renderWithLogic(services, '/experiment-run-results/9', <RunResultsPage id={9} />);
  // Only a finished run offers it, once the run has loaded.
  expect(screen.queryByRole('button', { name: 'Compare with…' })).toBeNull();
  await services.settle('findRun', { output: thisRun });
}

function expectDialog(state: Snapshot) {
  const dialog = screen.queryByRole('dialog', { name: 'Compare with…' });
  if (!state.hasTag('open')) {
    expect(dialog).toBeNull();
    expect(screen.getByRole('button', { name: 'Compare with…' })).toBeTruthy();
    return;
  }
  const inside = within(dialog!);
  expect(inside.queryByRole('status')?.textContent ?? null).toBe(state.hasTag('loading') ? 'Loading...' : null);
  expect(inside.queryByRole('alert')?.textContent ?? null).toBe(state.hasTag('failed') ? 'The server answered 503' : null);
  expect(inside.queryByRole('button', { name: 'Try again' }) !== null).toBe(state.hasTag('failed'));
  expect(inside.queryByText("No other finished run or evaluation shares this one's dataset or golden set.") !== null).toBe(
    state.hasTag('empty'),
  );
  const list = inside.queryByRole('list', { name: 'Comparable runs' });
  if (!state.matches({ open: 'listed' })) {
    expect(list).toBeNull();
  } else {
    const names = within(list!)
      .getAllByRole('button')
      .map((button) => button.textContent);
    if (state.context.page === 1) {
      expect(names).toHaveLength(10);
      // The run's number in its experiment, experiment, date and tags.
      expect(names[0]).toBe('Run #24 · Semantic rerank · Nov 29, 2026, 3:04 PM · rerank, v2');
      expect(names[9]).toBe('Run #15 · Semantic rerank · Nov 20, 2026, 3:04 PM');
    } else {
      expect(names).toEqual(['Run #2 · Semantic rerank · Nov 18, 2026, 3:04 PM', 'Evaluation · Reranker export · Nov 17, 2026, 3:04 PM']);
    }
    const pager = inside.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText(/^Page/).textContent).toBe(`Page ${state.context.page} of 2`);
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(state.context.page === 1);
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(state.context.page === 2);
  }
  expect(inside.getByRole('button', { name: 'Cancel' })).toBeTruthy();
}

async function perform(event: ModelEvent, services: FakeDeps) {
  const dialog = () => within(screen.getByRole('dialog', { name: 'Compare with…' }));
  switch (event.type) {
    case 'user.open':
      return fireEvent.click(screen.getByRole('button', { name: 'Compare with…' }));
    case 'user.close':
      return fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    case 'user.nextPage':
      return fireEvent.click(dialog().getByRole('button', { name: 'Next' }));
    case 'user.previousPage':
      return fireEvent.click(dialog().getByRole('button', { name: 'Previous' }));
    case 'user.retry':
      return fireEvent.click(dialog().getByRole('button', { name: 'Try again' }));
    case 'user.choose':
      return fireEvent.click(dialog().getByRole('button', { name: new RegExp(`^Run #${event.run.id - 6} ·`) }));
    case 'xstate.done.actor.fetchComparableRuns':
      return services.settle('comparableRuns', { output: event.output });
    case 'xstate.error.actor.fetchComparableRuns':
      return services.settle('comparableRuns', { error: event.error });
  }
}

describe('Compare with… on a run’s page', () => {
  replayShortestPaths(comparableRunsMachine, {
    events: (state) =>
      possibleEvents<ModelEvent>(state, [
        { type: 'user.open', run: { id: thisRun.id, created_at: thisRun.created_at } },
        { type: 'user.close' },
        { type: 'user.nextPage' },
        { type: 'user.previousPage' },
        { type: 'user.retry' },
        // The first run of the page shown: on page 1 newer than this run, on page 2 older.
        ...state.context.runs
          .slice(0, 1)
          .map((run): ModelEvent => ({ type: 'user.choose', run: { id: run.id, created_at: run.created_at } })),
        ...(state.hasTag('loading')
          ? ([
              { type: 'xstate.done.actor.fetchComparableRuns', output: state.context.page === 1 ? firstPage : lastPage },
              ...(state.context.page === 1
                ? ([{ type: 'xstate.done.actor.fetchComparableRuns', output: none }] satisfies ModelEvent[])
                : []),
              { type: 'xstate.error.actor.fetchComparableRuns', error: failure },
            ] satisfies ModelEvent[])
          : []),
      ]),
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        page: state.context.page,
        from: previous?.value,
        by: event && describeEvent(event),
      }),
    paths: { atLeast: 17, name: 'yields a path for every edge' },
    describeEvent,
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    async setup() {
      const services = fakeDeps();
      await openPage(services);
      return services;
    },
    perform: (event, services) => perform(event, services),
    expectScreen: (state) => expectDialog(state),
    afterPerform({ event }, services) {
      if (event.type === 'user.choose') {
        // The older of the two is the baseline: this run (the 20th) against a newer one, an older one against it.
        const chosen = event.run.id;
        expect(services.currentPath()).toBe(
          chosen > 9 ? `/compare?baseline=9&candidate=${chosen}` : `/compare?baseline=${chosen}&candidate=9`,
        );
      }
    },
    afterStep({ state }, services) {
      // Each page is asked for with this run, ten at a time.
      if (state.hasTag('loading')) {
        expect(services.last('comparableRuns').args).toEqual([9, { page: state.context.page, pageSize: 10 }]);
      }
    },
  });

  it('is not offered for a run still going', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/9', <RunResultsPage id={9} />);
    await services.settle('findRun', { output: { ...thisRun, status: 'running' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Experiment Run Results');
    expect(screen.queryByRole('button', { name: 'Compare with…' })).toBeNull();
  });
});
