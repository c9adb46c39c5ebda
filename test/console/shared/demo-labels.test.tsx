import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DemoDataState } from '../../../src/domain/demo/demo-data';
import type { GoldenSet, Product } from '../../../src/domain/experiments/evaluation-backend-types';
import type { ExperimentRow } from '../../../src/domain/experiments/script-names';
import type { DatasetEntry } from '../../../src/domain/evaluations/evaluation-service-types';
import type { ExperimentRunDetails } from '../../../src/domain/experiments/evaluation-backend-types';
import { EntryEditorPage } from '../../../src/views/entries/EntryEditorPage';
import { RunResultsPage } from '../../../src/views/runs/RunResultsPage';
import { CataloguePage } from '../../../src/views/catalogue/CataloguePage';
import { ExperimentsPage } from '../../../src/views/experiments/ExperimentsPage';
import { GoldenSetsPage } from '../../../src/views/golden-sets/GoldenSetsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderRoute, renderWithLogic } from '../helpers/render-console';

// What the demo data made is told apart from a person's own: a Demo label on its rows (demo: true), and a
// line in the import dialogs while generated demo products share the catalogue.

afterEach(cleanup);

const goldenSet = { id: 2, name: 'Golden set — Spain', market: 'ES', query_count: 1, judgement_count: 1, demo: true } as GoldenSet;
const mine = { ...goldenSet, id: 3, name: 'My judgements', demo: false };
const experiment = {
  id: 8,
  name: 'BM25 baseline',
  evaluation_script_id: 3,
  evaluation_script_name: 'Golden set relevance',
  demo: true,
} as ExperimentRow;
const demoState = (products: number): DemoDataState => ({
  present: true,
  counts: { datasets: 7, entries: 480, evaluation_scripts: 2, experiments: 6, runs: 9, golden_sets: 3, judgements: 4_000, products },
  seeds_empty_database: true,
});

/** The rows of the table as [name, whether it carries the Demo label]. */
const labelled = (table: HTMLElement, name: (row: HTMLElement) => string) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [name(row), within(row).queryByRole('img', { name: 'Demo data' }) !== null]);

describe('the Demo label', () => {
  it('marks the demo golden sets, and not a person’s own', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('goldenSetRows', { output: { items: [goldenSet, mine], total: 2 } });
    const table = screen.getByRole('table', { name: 'Golden Sets' });
    expect(labelled(table, (row) => within(row).getByRole('link').textContent!)).toEqual([
      ['Golden set — Spain', true],
      ['My judgements', false],
    ]);
    expect(within(table).getByRole('img', { name: 'Demo data' }).textContent).toBe('Demo');
  });

  it('marks the demo experiments, and not a person’s own', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/experiments', <ExperimentsPage />);
    await services.settle('experimentRows', {
      output: { items: [experiment, { ...experiment, id: 9, name: 'Mine', demo: false }], total: 2 },
    });
    const table = screen.getByRole('table', { name: 'Experiments' });
    expect(labelled(table, (row) => within(row).getAllByRole('cell')[0].firstChild!.textContent!)).toEqual([
      ['BM25 baseline', true],
      ['Mine', false],
    ]);
  });

  it('marks the generated demo products in the catalogue', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/catalogue', <CataloguePage />);
    const product = (product_id: string, demo: boolean) => ({ product_id, name: product_id, image_url: null, demo }) as Product;
    await services.settle('productRows', { output: { items: [product('WANDS-1-0', true), product('MY-1', false)], total: 2 } });
    const table = screen.getByRole('table', { name: 'Products' });
    expect(labelled(table, (row) => within(row).getAllByRole('link')[0].textContent!)).toEqual([
      ['WANDS-1-0', true],
      ['MY-1', false],
    ]);
  });

  it('stands beside a demo product’s name on its page, outside the heading', async () => {
    const services = fakeDeps();
    renderRoute(services, '/catalogue/products/WANDS-1-0');
    const product = { product_id: 'WANDS-1-0', name: 'Oak bed', attributes: {}, image_url: null, demo: true } as Product;
    await services.settle('findProduct', { output: product });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oak bed'));
    expect(screen.getByRole('img', { name: 'Demo data' }).closest('h1')).toBeNull();
  });
});

describe('the Demo label in the header of a demo row’s own page', () => {
  const headerLabel = () => {
    const label = screen.getByRole('img', { name: 'Demo data' });
    expect(label.closest('h1')).toBeNull();
    return label.parentElement!.querySelector('h1')!.textContent;
  };

  it('stands beside a demo run’s results heading, and not beside a person’s run', async () => {
    const run = {
      id: 12,
      experiment_id: 4,
      evaluation_script_name: 'Golden set relevance',
      tags: [],
      status: 'success',
      total_cost: 0,
      demo: true,
      created_at: '2026-03-03T10:00:00.000Z',
      updated_at: '2026-03-03T10:05:00.000Z',
      progress: { done: 1, total: 1 },
      error: null,
      summary: { results: 1, passed: 1, failed: 0, unjudged: 0, errors: 0, counted: 1, repeated: 0, mean_metrics: { 'ndcg@10': 0.5 } },
    } as ExperimentRunDetails;
    const services = fakeDeps();
    renderWithLogic(services, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await services.settle('findRun', { output: run });
    expect(headerLabel()).toBe('Experiment Run Results');
    cleanup();

    const mine = fakeDeps();
    renderWithLogic(mine, '/experiment-run-results/12', <RunResultsPage id={12} />);
    await mine.settle('findRun', { output: { ...run, demo: false } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Experiment Run Results');
    expect(screen.queryByRole('img', { name: 'Demo data' })).toBeNull();
  });

  it('stands beside a demo entry’s editor heading, and not beside a person’s entry', async () => {
    const entry = {
      id: 7,
      input: 'red velvet sofa',
      input_metadata: {},
      description: '',
      datasets: [],
      demo: true,
      created_at: '2026-01-05T09:30:00Z',
      updated_at: '2026-01-05T09:30:00Z',
    } as DatasetEntry;
    const services = fakeDeps();
    renderWithLogic(services, '/dataset-entries/7/edit', <EntryEditorPage id={7} />);
    await services.settle('findEntry', { output: entry });
    expect(headerLabel()).toBe('Edit Dataset Entry');
    cleanup();

    const mine = fakeDeps();
    renderWithLogic(mine, '/dataset-entries/7/edit', <EntryEditorPage id={7} />);
    await mine.settle('findEntry', { output: { ...entry, demo: false } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Dataset Entry');
    expect(screen.queryByRole('img', { name: 'Demo data' })).toBeNull();
  });
});

describe('the import dialogs while demo products share the catalogue', () => {
  const note = 'The catalogue also holds 2,400 generated demo products: an admin can remove them.';

  it('Import products says how many, and nothing once there are none', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/catalogue', <CataloguePage />);
    await services.settle('demoDataState', { output: demoState(2_400) });
    fireEvent.click(screen.getByRole('button', { name: 'Import products' }));
    expect(within(screen.getByRole('dialog', { name: 'Import products' })).getByRole('note').textContent).toBe(note);
    cleanup();

    const none = fakeDeps();
    renderWithLogic(none, '/catalogue', <CataloguePage />);
    await none.settle('demoDataState', { output: demoState(0) });
    fireEvent.click(screen.getByRole('button', { name: 'Import products' }));
    expect(within(screen.getByRole('dialog', { name: 'Import products' })).queryByRole('note')).toBeNull();
  });

  it('Add Golden Set says so too, as its product ids point into the catalogue', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('demoDataState', { output: demoState(2_400) });
    fireEvent.click(screen.getByRole('button', { name: 'Add Golden Set' }));
    expect(within(screen.getByRole('dialog', { name: 'Add Golden Set' })).getByRole('note').textContent).toBe(note);
  });
});
