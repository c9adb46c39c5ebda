import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SCALE } from '../../../src/domain/golden-sets/grade-scale';
import type { GoldenSet } from '../../../src/domain/experiments/evaluation-backend-types';
import type { Judgement } from '../../../src/domain/judging/golden-set-judging-types';
import { GoldenSetPage } from '../../../src/views/golden-sets/GoldenSetPage';
import { fakeDeps, type FakeDeps, type ServiceMethod } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// /golden-sets/{id}: what the judge sees around the graded rows — the header, the queries opening a
// query in the address, the keyboard moving between rows, adding from the catalogue, the history refreshed
// after a save, and the scale editor with the server's refusal.

afterEach(cleanup);

const goldenSet: GoldenSet = {
  id: 4,
  name: 'Sofas DE',
  description: '',
  market: 'DE',
  query_count: 130,
  judgement_count: 90,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  scale: DEFAULT_SCALE,
  grade_counts: { '0': 12, '1': 40, '2': 30, '3': 8 },
  version: 17,
  changed_at: '2026-11-20T09:00:00Z',
};
const judged = (product_id: string, grade: number, name: string | null): Judgement => ({
  product_id,
  grade,
  judged_by: 'Ada',
  judged_at: '2026-11-20T09:00:00Z',
  name,
  image_url: null,
});

async function openPage(path = '/golden-sets/4?query=red%20sofa') {
  const services = fakeDeps();
  renderWithLogic(services, path, <GoldenSetPage id={4} />);
  await services.settle('findGoldenSet', { output: goldenSet });
  return services;
}
const panel = () => screen.getByRole('region', { name: 'Judgements of “red sofa”' });
const row = (productId: string) => within(panel()).getByRole('row', { name: new RegExp(`^${productId}[ :]`) });

async function withJudgements(services: FakeDeps) {
  await services.settle('judgementsOf', {
    output: [judged('P1', 3, 'Red sofa'), judged('P2', 2, 'Red couch'), judged('P3', 0, null)],
  });
}

describe('the golden set page', () => {
  it('heads the page with the golden set’s facts, grades and scale', async () => {
    await openPage('/golden-sets/4');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sofas DE');
    const facts = within(screen.getByRole('list', { name: 'Grade distribution' }));
    expect(facts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '0 · Poor: 12',
      '1 · Fair: 40',
      '2 · Good: 30',
      '3 · Perfect: 8',
    ]);
    expect(screen.getByText('130')).toBeTruthy();
    expect(screen.getByText(/\(version 17\)$/)).toBeTruthy();
  });

  it('opens a query from the list into the address, and closes it', async () => {
    const services = await openPage('/golden-sets/4?search=sofa');
    expect(services.last('queryRows').args).toEqual([4, { page: 1, pageSize: 20 }, { search: 'sofa' }]);
    await services.settle('queryRows', {
      output: { items: [{ query: 'red sofa', judgements: 5, by_grade: { '0': 1, '2': 3, '3': 1 } }], total: 1 },
    });
    expect(screen.getByText('Poor 1 · Good 3 · Perfect 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'red sofa' }));
    expect(services.currentPath()).toBe('/golden-sets/4?search=sofa&query=red+sofa');
    expect(services.last('judgementsOf').args).toEqual([4, 'red sofa']);
    fireEvent.click(screen.getByRole('button', { name: 'Close query' }));
    expect(services.currentPath()).toBe('/golden-sets/4?search=sofa');
    expect(screen.queryByRole('region', { name: 'Judgements of “red sofa”' })).toBeNull();
  });

  it('moves between rows with Up/Down and j/k, and Delete removes the row and moves to the next', async () => {
    const services = await openPage();
    await withJudgements(services);
    expect(row('P1').getAttribute('aria-label')).toBe('P1 Red sofa: 3 · Perfect. Keys 0 to 3 set the grade, Delete removes it.');
    act(() => row('P1').focus());
    fireEvent.keyDown(row('P1'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row('P2'));
    fireEvent.keyDown(row('P2'), { key: 'j' });
    expect(document.activeElement).toBe(row('P3'));
    fireEvent.keyDown(row('P3'), { key: 'k' });
    expect(document.activeElement).toBe(row('P2'));
    fireEvent.keyDown(row('P2'), { key: '1' });
    expect((within(row('P2')).getByRole('combobox', { name: 'Grade of P2' }) as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      '1 · Fair',
    );
    await services.settle('saveJudgement', { output: { ...judged('P2', 1, 'Red couch'), judged_by: 'Grace' } });
    expect(within(row('P2')).getByText(/^Grace, /)).toBeTruthy();
    fireEvent.keyDown(row('P2'), { key: 'Delete' });
    expect(within(panel()).queryByRole('row', { name: /^P2 / })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(row('P3')));
    expect(services.last('removeJudgement').args).toEqual([4, { query: 'red sofa', product_id: 'P2' }]);
  });

  it('grades with the golden set’s own scale once it is known', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets/4?query=red%20sofa', <GoldenSetPage id={4} />);
    await withJudgements(services);
    const scale = { max_grade: 4, labels: ['Off', 'Poor', 'Fair', 'Good', 'Exact'] };
    await services.settle('findGoldenSet', { output: { ...goldenSet, scale } });
    fireEvent.keyDown(row('P3'), { key: '4' });
    expect((within(row('P3')).getByRole('combobox', { name: 'Grade of P3' }) as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      '4 · Exact',
    );
    expect(services.last('saveJudgement').args).toEqual([4, { query: 'red sofa', product_id: 'P3', grade: 4 }]);
  });

  it('refreshes the counts, the queries and the history once the changes are saved', async () => {
    const services = await openPage();
    await withJudgements(services);
    const refreshed: ServiceMethod[] = ['findGoldenSet', 'queryRows', 'historyRows'];
    const before = refreshed.map((method) => services.calls(method));
    fireEvent.keyDown(row('P3'), { key: '2' });
    fireEvent.keyDown(row('P1'), { key: '1' });
    await services.settle('saveJudgement', { output: judged('P3', 2, null) });
    // Not while the next change is being saved: once, when all are.
    expect(services.calls('historyRows')).toBe(before[2]);
    await services.settle('saveJudgement', { output: judged('P1', 1, 'Red sofa') });
    expect(refreshed.map((method) => services.calls(method))).toEqual(before.map((n) => n + 1));
    await services.settle('historyRows', {
      output: {
        items: [
          {
            id: 1,
            version: 18,
            query: 'red sofa',
            product_id: 'P3',
            old_grade: 0,
            new_grade: 2,
            changed_by: 'Ada',
            changed_at: '2026-11-24T10:00:00Z',
          },
        ],
        total: 1,
      },
    });
    const history = within(screen.getByRole('table', { name: 'History' }));
    expect(history.getByText('0 · Poor → 2 · Good')).toBeTruthy();
    expect(screen.getByText('1 change')).toBeTruthy();
  });

  it('adds a product found in the catalogue with the grade chosen, and one by its id', async () => {
    const services = await openPage();
    await withJudgements(services);
    const section = within(panel());
    fireEvent.change(section.getByRole('combobox', { name: 'Grade to add' }), { target: { value: '2' } });
    fireEvent.change(section.getByRole('searchbox', { name: 'Search the catalogue' }), { target: { value: 'green' } });
    fireEvent.submit(section.getByRole('search', { name: 'Search the catalogue' }));
    expect(services.last('productRows').args).toEqual([{ page: 1, pageSize: 10 }, { search: 'green' }]);
    await services.settle('productRows', {
      output: {
        items: [
          {
            product_id: 'P9',
            name: 'Green sofa',
            description: '',
            image_url: null,
            attributes: {},
            created_at: '2026-11-01T09:00:00Z',
            updated_at: '2026-11-01T09:00:00Z',
          },
        ],
        total: 1,
      },
    });
    fireEvent.click(section.getByRole('button', { name: 'Add P9 as 2 · Good' }));
    expect(within(row('P9')).getByText('Green sofa')).toBeTruthy();
    expect(services.last('saveJudgement').args).toEqual([4, { query: 'red sofa', product_id: 'P9', grade: 2 }]);
    await services.settle('saveJudgement', { output: judged('P9', 2, 'Green sofa') });

    fireEvent.change(section.getByRole('textbox', { name: 'Product id' }), { target: { value: ' P10 ' } });
    fireEvent.click(section.getByRole('button', { name: 'Add product' }));
    expect(within(row('P10')).getByText('Not in the catalogue')).toBeTruthy();
    expect(services.last('saveJudgement').args).toEqual([4, { query: 'red sofa', product_id: 'P10', grade: 2 }]);
    await services.settle('saveJudgement', { error: new Error('body.grade must be between 0 and 3 (the golden set’s scale), got 2') });
    expect(within(panel()).queryByRole('row', { name: /^P10[ :]/ })).toBeNull();
    expect(section.getByRole('alert').textContent).toBe(
      'Could not grade P10 2 · Good: body.grade must be between 0 and 3 (the golden set’s scale), got 2. It has no judgement.',
    );
  });

  it('edits the scale: the server’s refusal is shown, a saved scale is fetched again', async () => {
    const services = await openPage('/golden-sets/4');
    fireEvent.click(screen.getByRole('button', { name: 'Edit scale' }));
    const form = within(screen.getByRole('form', { name: 'Edit scale' }));
    fireEvent.change(form.getByRole('spinbutton', { name: 'Highest grade' }), { target: { value: '2' } });
    expect(form.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual(['Poor', 'Fair', 'Good']);
    fireEvent.change(form.getByRole('textbox', { name: 'Label of grade 2' }), { target: { value: 'Relevant' } });
    fireEvent.click(form.getByRole('button', { name: 'Save scale' }));
    expect(services.last('updateScale').args).toEqual([4, { max_grade: 2, labels: ['Poor', 'Fair', 'Relevant'] }]);
    await services.settle('updateScale', { error: new Error('3 judgements are graded above 2: change them first') });
    expect(form.getByRole('alert').textContent).toBe('3 judgements are graded above 2: change them first');
    const fetches = services.calls('findGoldenSet');
    fireEvent.click(form.getByRole('button', { name: 'Save scale' }));
    await services.settle('updateScale', { output: undefined });
    expect(screen.queryByRole('form', { name: 'Edit scale' })).toBeNull();
    expect(services.calls('findGoldenSet')).toBe(fetches + 1);
  });
});
