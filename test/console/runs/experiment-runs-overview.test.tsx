import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ExperimentDetails, ListedRun } from '../../../src/domain/experiments/workbench-types';
import { ExperimentRunsPage } from '../../../src/views/runs/ExperimentRunsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// /experiment-runs/{id}: the experiment above its runs, what keeps it from running (and Run
// experiment disabled meanwhile), the coverage, each run's means and outcomes, the trend, tags for a run.

afterEach(cleanup);

const experiment: ExperimentDetails = {
  id: 4,
  name: 'ES title match',
  description: 'Title boost 2',
  evaluation_script_id: 3,
  dataset_id: 1,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  config: {
    search_target: { kind: 'http', url: 'https://es.example.com/_search?q={query}', hits: '/hits/hits', product_id: '/_id' },
    golden_set_id: 9,
    k: 5,
  },
  dataset_name: 'Sofas',
  evaluation_script_name: 'Golden set relevance',
  golden_set_name: 'Sofa judgements',
  run_blockers: [],
};
const summary = (ndcg: number) => ({
  results: 12,
  passed: 8,
  failed: 2,
  unjudged: 1,
  errors: 1,
  counted: 10,
  repeated: 0,
  mean_metrics: { 'ndcg@5': ndcg, 'precision@5': 0.4, 'recall@5': 0.5, 'f1@5': 1 / 32 },
});
const run = (id: number, day: number, ndcg: number): ListedRun => ({
  id,
  number: id - 10,
  experiment_id: 4,
  evaluation_script_name: 'Golden set relevance',
  tags: [],
  status: 'success',
  total_cost: 0,
  created_at: `2026-11-${day}T10:00:00Z`,
  updated_at: `2026-11-${day}T10:05:00Z`,
  progress: { done: 12, total: 12 },
  error: null,
  summary: summary(ndcg),
  config: experiment.config,
});

async function openPage(details: ExperimentDetails) {
  const services = fakeDeps();
  renderWithLogic(services, '/experiment-runs/4', <ExperimentRunsPage id={4} />);
  await services.settle('runsOfExperiment', { output: [run(12, 23, 0.61234), run(11, 22, 0.5)] });
  await services.settle('findExperiment', { output: details });
  return services;
}

describe('/experiment-runs/{id} with its experiment', () => {
  it('shows what the experiment uses, its coverage, and each run’s means and outcomes', async () => {
    const services = await openPage(experiment);
    const card = screen.getByRole('region', { name: 'Experiment' });
    expect(within(card).getByRole('heading').textContent).toBe('ES title match');
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/experiments/4/edit');
    const facts = [...card.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`);
    expect(facts).toEqual([
      'Dataset: Sofas',
      'Golden set: Sofa judgements',
      'Search target: HTTP GET es.example.com/_search?q={query}: hits /hits/hits, id /_id',
      'Scoring: k 5 · linear gain · passes at nDCG ≥ 0.5 · relevant from grade 1',
      'Script: Golden set relevance',
    ]);
    expect(services.last('coverage').args).toEqual([9, 1]);
    await services.settle('coverage', { output: { queries: 60, judged: 52, not_judged: ['lamp'] } });
    expect(within(card).getByText('52 of 60 queries have relevant judgements; 8 will not be scored.')).toBeTruthy();

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const cells = within(rows[0])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // The run by its number in the experiment, what its target asked, then the means to 4 decimals as npm run
    // metrics prints them (1/32 rounds to even).
    expect(cells[0]).toBe('#2');
    expect(within(rows[0]).getByRole('link', { name: 'Run #2' }).getAttribute('href')).toBe('/experiment-run-results/12');
    expect(cells[3]).toBe('GET es.example.com/_search?q={query}');
    expect(cells.slice(5, 10)).toEqual(['0.6123', '0.4000', '0.5000', '0.0312', '8 / 2 / 1 / 1']);
    // Each mean names its metric on hover as the pages label it, with the run's depth.
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .slice(5, 9)
        .map((cell) => cell.title),
    ).toEqual(['nDCG@5', 'P@5', 'R@5', 'F1@5']);
    expect((screen.getByRole('button', { name: 'Run experiment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('draws the trend of the chosen mean over the runs, oldest first, each point a link to its run', async () => {
    const services = await openPage(experiment);
    const chart = screen.getByRole('group', { name: 'Mean nDCG by run' });
    const points = within(chart).getAllByRole('link');
    expect(points.map((point) => [point.getAttribute('aria-label'), point.getAttribute('href')])).toEqual([
      ['Run #1: nDCG@5 0.5000', '/experiment-run-results/11'],
      ['Run #2: nDCG@5 0.6123', '/experiment-run-results/12'],
    ]);
    // The axes say what they hold: the y ticks, the runs' numbers under their points, and both titles.
    const texts = [...chart.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(['0.00', '0.25', '0.50', '0.75', '1.00', '#1', '#2', 'Run number', 'Mean nDCG@5']);
    fireEvent.change(screen.getByRole('combobox', { name: /Trend of/ }), { target: { value: 'f1' } });
    expect(
      within(screen.getByRole('group', { name: 'Mean F1 by run' }))
        .getAllByRole('link')[0]
        .getAttribute('aria-label'),
    ).toBe('Run #1: F1@5 0.0312');
    expect(services.calls('runsOfExperiment')).toBe(1);
  });

  it('says what keeps it from running and keeps Run experiment disabled; tags go with a run', async () => {
    const blocked = { ...experiment, run_blockers: ["Experiment 'ES title match' cannot run: its dataset 'Sofas' has no entries."] };
    await openPage(blocked);
    const note = screen.getByRole('note', { name: 'Why it cannot run' });
    expect(within(note).getByRole('listitem').textContent).toBe(blocked.run_blockers[0]);
    expect(within(note).getByRole('link', { name: 'Edit the experiment' }).getAttribute('href')).toBe('/experiments/4/edit');
    expect((screen.getByRole('button', { name: 'Run experiment' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    const services = await openPage(experiment);
    fireEvent.change(screen.getByRole('textbox', { name: 'Tags for the run' }), { target: { value: ' nightly, v2,, nightly ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run experiment' }));
    expect(services.last('startRun').args).toEqual([4, ['nightly', 'v2']]);
  });
});
