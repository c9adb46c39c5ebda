import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { comparePairMachine } from '../../../src/machines/compare/compare-pair.machine';
import type { RunResultWithNames } from '../../../src/domain/experiments/workbench-types';
import { ComparePairPage } from '../../../src/views/compare/ComparePairPage';
import { fakeDeps } from '../helpers/fake-deps';
import { finishedRun } from '../helpers/finished-run';
import { renderRoute, renderWithLogic } from '../helpers/render-console';
import { replayShortestPaths, type ActorDone, type ActorError } from '../helpers/replay-shortest-paths';

// Model-based: one query of two runs side by side (/compare/pair). Both results are fetched at
// once by id; one the server does not know, or one that fails, says which; Try again fetches the failed
// ones again. Every shortest path of the real machine, replayed on the page with the results call held open.

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof comparePairMachine>;

const names = { A: 'Red velvet sofa', C: 'Crimson couch', G: 'Scarlet settee' };
const golden = [
  { product_id: 'A', relevance: 3 },
  { product_id: 'C', relevance: 2 },
  { product_id: 'G', relevance: 1 },
];
/** GET experiment-run-results/7: run 3's result for "red sofa". */
const baseline: RunResultWithNames = {
  id: 7,
  run_id: 3,
  experiment_configuration: {},
  created_at: '2026-11-20T10:00:00Z',
  result: {
    input: 'red sofa',
    status: 'PASS',
    results: {
      search_results: [{ product_id: 'A' }, { product_id: 'B', name: 'Blue bench' }, { product_id: 'C' }],
      golden_set: golden,
      commons: ['A', 'C'],
      missings: ['G'],
      leftovers: ['B'],
      metrics: { 'precision@10': 0.2, 'ndcg@10': 0.61 },
    },
  },
  product_names: names,
};
/** GET experiment-run-results/9: run 5's result for the same query. */
const candidate: RunResultWithNames = {
  id: 9,
  run_id: 5,
  experiment_configuration: {},
  created_at: '2026-11-22T10:00:00Z',
  result: {
    input: 'red sofa',
    status: 'FAIL',
    results: {
      search_results: [{ product_id: 'C' }, { product_id: 'D' }, { product_id: 'A' }],
      golden_set: golden,
      commons: ['C', 'A'],
      missings: ['G'],
      leftovers: ['D'],
      metrics: { 'ndcg@10': 0.12, 'precision@10': 0.3 },
    },
  },
  product_names: names,
};
const failure = new Error('The server answered 503');

type Fetch = 'fetchBaseline' | 'fetchCandidate';
type ModelEvent = EventFromLogic<typeof comparePairMachine> | ActorDone<Fetch, RunResultWithNames | null> | ActorError<Fetch, Error>;

const fetchEvents = (actor: Fetch, result: RunResultWithNames): ModelEvent[] => [
  { type: `xstate.done.actor.${actor}`, output: result },
  { type: `xstate.done.actor.${actor}`, output: null },
  { type: `xstate.error.actor.${actor}`, error: failure },
];

const cellTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

function expectPage(state: Snapshot) {
  const heading = screen.getByRole('heading', { level: 1 });
  const status = screen.queryByRole('status');
  if (state.hasTag('invalid')) {
    expect(screen.getByRole('alert').textContent).toBe('The address needs two run result ids: baseline_result and candidate_result.');
    expect(status).toBeNull();
    return;
  }
  // What went wrong, side by side: each side not on the server or failed says so, naming its result.
  const alerts: string[] = [];
  const { context } = state;
  for (const [side, id] of [
    ['baseline', 7],
    ['candidate', 9],
  ] as const) {
    if (context[`${side}Missing`]) alerts.push(`No ${side} result ${id} found.`);
    else if (state.matches({ fetching: { [side]: 'failed' } }))
      alerts.push(`Could not load the ${side} result ${id}: The server answered 503`);
  }
  expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual(alerts);
  expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(state.hasTag('failed'));
  expect(status?.textContent ?? null).toBe(state.hasTag('loading') ? 'Loading...' : null);
  if (!state.hasTag('showing')) {
    expect(heading.textContent).toBe('Compare a Query');
    expect(screen.queryByRole('table')).toBeNull();
    return;
  }

  expect(heading.textContent).toBe('Query: red sofa');
  // Back to the comparison of the two runs, on the metric it was opened from.
  const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(crumbs).getByRole('link', { name: 'Run #2 vs Run #4' }).getAttribute('href')).toBe(
    '/compare?baseline=3&candidate=5&metric=ndcg%4010',
  );
  // Each side's counts, and a way to its result's own details.
  for (const [side, id] of [
    ['Baseline · Run #2', 7],
    ['Candidate · Run #4', 9],
  ] as const) {
    const region = screen.getByRole('region', { name: side });
    expect(within(region).getByText(/common ·/).textContent).toBe(`2 common · 1 missing · Details of result ${id}`);
    expect(
      within(region)
        .getByRole('link', { name: `Details of result ${id}` })
        .getAttribute('href'),
    ).toBe(`/experiment-run-result-details/${id}`);
  }
  const baselineList = screen.getByRole('table', { name: 'Baseline · Run #2 results' });
  const candidateList = screen.getByRole('table', { name: 'Candidate · Run #4 results' });
  // Rank, the catalogue's name (the search's, else the id), role and grade, and the move from baseline to candidate.
  expect(cellTexts(baselineList)).toEqual([
    ['#1', 'Red velvet sofaA', 'Common · grade 3', '↓2'],
    ['#2', 'Blue benchB', 'Leftover · unjudged', 'dropped'],
    ['#3', 'Crimson couchC', 'Common · grade 2', '↑2'],
  ]);
  expect(cellTexts(candidateList)).toEqual([
    ['#1', 'Crimson couchC', 'Common · grade 2', '↑2'],
    ['#2', 'D', 'Leftover · unjudged', 'new'],
    ['#3', 'Red velvet sofaA', 'Common · grade 3', '↓2'],
  ]);
  expect(within(candidateList).getByText('↑2').getAttribute('title')).toBe('Up 2 from #3 to #1');
  // Framed in the details screen's colours: what each product is to the golden set.
  expect(
    within(baselineList)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-match')),
  ).toEqual(['common', 'leftover', 'common']);
  for (const [side, other] of [
    ['baseline', 'candidate'],
    ['candidate', 'baseline'],
  ]) {
    const missing = screen.getByRole('list', { name: `Missing from the ${side}` });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Scarlet settee (G) · grade 1 · not returned by the ${other} either`]);
  }
  const metrics = screen.getByRole('table', { name: 'Metrics' });
  expect(
    within(metrics)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Metric', 'Baseline · Run #2', 'Candidate · Run #4', 'Delta']);
  // The compared metric first and marked; each delta signed.
  expect(cellTexts(metrics)).toEqual([
    ['nDCG@10(compared)', '0.6100', '0.1200', '−0.4900'],
    ['P@10', '0.2000', '0.3000', '+0.1000'],
  ]);
}

/** Each side's run by its number in its experiment: run 3 is #2 there, run 5 is #4. */
const RUN_NUMBERS: Record<number, number> = { 3: 2, 5: 4 };

/**
 * The result call held open per id, so each side is settled on its own; its run answers at once with its
 * number, or as not found when `numbers` has none (`runs`: the runs asked for).
 */
function holdResults(services: ReturnType<typeof fakeDeps>, numbers: Record<number, number> = RUN_NUMBERS) {
  const calls = new Map<number, Array<{ resolve(value: unknown): void; reject(error: unknown): void }>>();
  const runs: number[] = [];
  services.experimentRunResults = {
    findRunResult: (id: number) => new Promise((resolve, reject) => calls.set(id, [...(calls.get(id) ?? []), { resolve, reject }])),
  };
  services.experimentRuns = {
    ...services.experimentRuns,
    findRun: async (id: number) => {
      runs.push(id);
      return id in numbers ? finishedRun(id, { number: numbers[id] }) : null;
    },
  };
  const settle = async (id: number, outcome: { output: unknown } | { error: unknown }) => {
    const call = await waitFor(() => calls.get(id)!.at(-1)!);
    await act(async () => ('output' in outcome ? call.resolve(outcome.output) : call.reject(outcome.error)));
  };
  return { calls, runs, settle };
}

describe('one query side by side', () => {
  replayShortestPaths(comparePairMachine, {
    input: { baselineResultId: 7, candidateResultId: 9, metric: 'ndcg@10' },
    events: (state): ModelEvent[] => [
      ...(state.matches({ fetching: { baseline: 'fetching' } }) ? fetchEvents('fetchBaseline', baseline) : []),
      ...(state.matches({ fetching: { candidate: 'fetching' } }) ? fetchEvents('fetchCandidate', candidate) : []),
      ...(state.can({ type: 'user.retry' }) ? ([{ type: 'user.retry' }] satisfies ModelEvent[]) : []),
    ],
    serializeState: (state) => JSON.stringify({ value: state.value, b: state.context.baselineMissing, c: state.context.candidateMissing }),
    paths: { atLeast: 12 },
    name: (path, route) => `reaches ${JSON.stringify(path.state.value)}${route ? ` via ${route}` : ''}`,
    setup(path) {
      const services = fakeDeps();
      const held = holdResults(services);
      renderWithLogic(services, '/compare/pair?baseline_result=7&candidate_result=9', <ComparePairPage {...path.steps[0].state.context} />);
      return held;
    },
    async perform(event, { settle }) {
      const id = event.type.endsWith('fetchBaseline') ? 7 : 9;
      if (event.type === 'user.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      else if ('output' in event) await settle(id, { output: event.output });
      else if ('error' in event) await settle(id, { error: event.error });
    },
    expectScreen: (state) => expectPage(state),
    afterPath(path, { calls, runs }) {
      // Both asked for at once, each by its id; the run of each result that came, for its number.
      expect([...calls.keys()]).toEqual([7, 9]);
      if (path.state.hasTag('showing')) expect([...runs].sort()).toEqual([3, 5]);
    },
  });

  it('fetches only the side that failed again on Try again', async () => {
    const services = fakeDeps();
    const { calls, settle } = holdResults(services);
    renderWithLogic(services, '/compare/pair', <ComparePairPage baselineResultId={7} candidateResultId={9} metric={null} />);
    await settle(7, { error: failure });
    await settle(9, { output: candidate });
    expect(screen.getByRole('alert').textContent).toBe('Could not load the baseline result 7: The server answered 503');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('alert')).toBeNull();
    expect([calls.get(7)!.length, calls.get(9)!.length]).toEqual([2, 1]);
    await settle(7, { output: baseline });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Query: red sofa');
  });

  it('asks for nothing when the address lacks a result id', () => {
    const services = fakeDeps();
    renderWithLogic(
      services,
      '/compare/pair?baseline_result=7',
      <ComparePairPage baselineResultId={7} candidateResultId={null} metric={null} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The address needs two run result ids: baseline_result and candidate_result.');
    expect(services.calls('findRunResult')).toBe(0);
  });
});

describe('the /compare/pair route', () => {
  it('reads the two result ids and the metric from the address, and names itself in the tab', async () => {
    const services = fakeDeps();
    const { calls, settle } = holdResults(services);
    renderRoute(services, '/compare/pair?baseline_result=7&candidate_result=9&metric=precision%4010');
    await waitFor(() => expect(document.title).toBe('Compare a Query · Search Evaluation Console'));
    await settle(9, { output: candidate });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await settle(7, { output: baseline });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Query: red sofa');
    const chosen = within(screen.getByRole('table', { name: 'Metrics' })).getByRole('row', { current: true });
    expect(chosen.textContent).toBe('P@10(compared)0.20000.3000+0.1000');
    expect(screen.getByRole('link', { name: 'Run #2 vs Run #4' }).getAttribute('href')).toBe(
      '/compare?baseline=3&candidate=5&metric=precision%4010',
    );
    expect([...calls.keys()]).toEqual([7, 9]);
  });

  it('names a run without a number, or no longer found, by its id', async () => {
    const services = fakeDeps();
    const { settle } = holdResults(services, { 5: 4 });
    renderRoute(services, '/compare/pair?baseline_result=7&candidate_result=9&metric=ndcg%4010');
    await settle(7, { output: baseline });
    await settle(9, { output: candidate });
    expect(screen.getByRole('link', { name: 'Run 3 vs Run #4' }).getAttribute('href')).toBe(
      '/compare?baseline=3&candidate=5&metric=ndcg%4010',
    );
    expect(screen.getByRole('region', { name: 'Baseline · Run 3' })).toBeTruthy();
  });

  it('warns when the two results are for different queries', async () => {
    const services = fakeDeps();
    const { settle } = holdResults(services);
    renderRoute(services, '/compare/pair?baseline_result=7&candidate_result=9');
    await settle(7, { output: { ...baseline, result: { ...baseline.result, input: 'red sofas' } } });
    await settle(9, { output: candidate });
    expect(screen.getByRole('note').textContent).toBe(
      'These results are for different queries: “red sofas” (baseline) and “red sofa” (candidate).',
    );
    expect(screen.queryByRole('row', { current: true })).toBeNull();
  });
});
