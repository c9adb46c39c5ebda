import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Evaluation } from '../../../src/domain/evaluations/evaluation-upload';
import { formatDateTime } from '../../../src/domain/shared/format-date';
import { EvaluationsPage } from '../../../src/views/evaluations/EvaluationsPage';
import { statusBadgeTone } from '../../../src/views/ui/status-badge.css';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// /evaluations: the server's evaluations, a page at a time, the page kept in the address (the paging itself is
// the shared paged-list machine's, walked in datasets-list.model.test.tsx).

afterEach(cleanup);

const evaluation = (id: number, changes: Partial<Evaluation> = {}): Evaluation => ({
  id,
  name: `Evaluation ${id}`,
  status: 'success',
  error: null,
  run_id: 100 + id,
  golden_set_id: 2,
  golden_set_name: 'Sofas UK',
  dataset_id: 7,
  dataset_name: 'Head queries',
  k: 10,
  gain: 'linear',
  relevant_from: 1,
  format: 'trec',
  file_name: 'offline.run',
  progress: { done: 3, total: 3 },
  created_by: 'carol',
  created_at: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  finished_at: null,
  ...changes,
});

const rows: Evaluation[] = [
  evaluation(25, { name: 'Offline reranker', status: 'running' }),
  evaluation(24, { name: 'Vendor export', dataset_id: null, dataset_name: null, status: 'failed', error: 'No such golden set' }),
  evaluation(23, { name: 'Last quarter’s logs', golden_set_id: null, golden_set_name: null, status: 'pending' }),
  evaluation(22, { name: 'Notebook ranking', status: 'success' }),
  evaluation(21, { name: 'Cancelled one', status: 'cancelled' }),
];
/** Twenty rows a page, as the list asks: page 1 full, so there is a Next. */
const fullPage = [...rows, ...Array.from({ length: 15 }, (_, index) => evaluation(20 - index))];

const table = () => screen.getByRole('table', { name: 'Evaluations' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('EvaluationsPage (/evaluations)', () => {
  it('lists the server’s evaluations with their dataset, golden set, status, creation and a View link', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations', <EvaluationsPage />);
    expect(services.last('evaluationRows').args).toEqual([{ page: 1, pageSize: 20 }]);
    await services.settle('evaluationRows', { output: { items: fullPage, total: 45 } });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Dataset', 'Golden Set', 'Status', 'Created At', 'Actions']);
    expect(
      bodyRows()
        .slice(0, 5)
        .map((row) => [
          within(row).getByRole('rowheader').textContent,
          ...within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ]),
    ).toEqual([
      ['Offline reranker', 'Head queries', 'Sofas UK', 'running', formatDateTime(rows[0].created_at), 'View'],
      ['Vendor export', 'The file’s queries', 'Sofas UK', 'failed', formatDateTime(rows[1].created_at), 'View'],
      ['Last quarter’s logs', 'Head queries', 'Deleted golden set', 'pending', formatDateTime(rows[2].created_at), 'View'],
      ['Notebook ranking', 'Head queries', 'Sofas UK', 'success', formatDateTime(rows[3].created_at), 'View'],
      ['Cancelled one', 'Head queries', 'Sofas UK', 'cancelled', formatDateTime(rows[4].created_at), 'View'],
    ]);
    expect(screen.getByText('45 evaluations')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View details of Vendor export' }).getAttribute('href')).toBe('/evaluations/24');
  });

  it('colours each status as runs’ statuses are coloured', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations', <EvaluationsPage />);
    await services.settle('evaluationRows', { output: { items: rows, total: 5 } });
    const badge = (status: string) => within(table()).getByText(status, { selector: 'span' });
    expect(badge('success').className).toContain(statusBadgeTone.success);
    expect(badge('failed').className).toContain(statusBadgeTone.danger);
    for (const status of ['pending', 'running', 'cancelled']) expect(badge(status).className).toContain(statusBadgeTone.neutral);
  });

  it('pages with Previous and Next, the page in the address, and View carries it', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations', <EvaluationsPage />);
    await services.settle('evaluationRows', { output: { items: fullPage, total: 25 } });
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    expect(services.currentPath()).toBe('/evaluations?page=2');
    expect(services.last('evaluationRows').args).toEqual([{ page: 2, pageSize: 20 }]);
    await services.settle('evaluationRows', { output: { items: [evaluation(5), evaluation(4)], total: 25 } });
    expect(bodyRows()).toHaveLength(2);
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'View details of Evaluation 5' }).getAttribute('href')).toBe('/evaluations/5');
    fireEvent.click(button('Previous'));
    expect(services.currentPath()).toBe('/evaluations?page=1');
    expect(services.last('evaluationRows').args).toEqual([{ page: 1, pageSize: 20 }]);
  });

  it('opens at the page of the address, and follows Back', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations?page=2', <EvaluationsPage />);
    expect(services.last('evaluationRows').args).toEqual([{ page: 2, pageSize: 20 }]);
    await services.settle('evaluationRows', { output: { items: rows, total: 25 } });
    services.routeTo('/evaluations?page=1');
    expect(services.last('evaluationRows').args).toEqual([{ page: 1, pageSize: 20 }]);
  });

  it('invites the first upload when there is none, and says so past the last page', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations', <EvaluationsPage />);
    await services.settle('evaluationRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe(
      'No evaluations yet. Upload a ranking made elsewhere (TREC run, CSV or JSON Lines) with New Evaluation to score it against a golden set.',
    );
    expect(screen.getByRole('link', { name: 'New Evaluation' }).getAttribute('href')).toBe('/evaluations/new');
    cleanup();
    const past = fakeDeps();
    renderWithLogic(past, '/evaluations?page=7', <EvaluationsPage />);
    await past.settle('evaluationRows', { output: { items: [], total: 25 } });
    expect(screen.getByRole('status').textContent).toBe('No evaluations on this page.');
    expect(button('Previous').disabled).toBe(false);
  });

  it('names a failure and tries again', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations', <EvaluationsPage />);
    await services.settle('evaluationRows', { error: new Error('The server answered 500') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch evaluations. The server answered 500');
    fireEvent.click(button('Try again'));
    expect(services.calls('evaluationRows')).toBe(2);
  });

  it('refuses New Evaluation to a viewer, with the reason', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/evaluations', <EvaluationsPage />, { role: 'viewer' });
    const refused = screen.getByRole('link', { name: 'New Evaluation' });
    expect([refused.getAttribute('href'), refused.getAttribute('aria-disabled')]).toEqual([null, 'true']);
    expect(screen.getByRole('tooltip').textContent).toBe('Needs the curator role — you are a viewer');
  });
});
