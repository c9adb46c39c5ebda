import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DemoDataState } from '../../../src/domain/demo/demo-data';
import type { GoldenSet, Product } from '../../../src/domain/experiments/evaluation-backend-types';
import type { ExperimentRow } from '../../../src/domain/experiments/script-names';
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
