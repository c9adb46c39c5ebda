import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { sampleEvaluations } from '../../../src/fixtures/evaluations';
import { formatDateTime } from '../../../src/domain/shared/format-date';
import { EvaluationsPage } from '../../../src/views/evaluations/EvaluationsPage';
import { statusBadgeTone } from '../../../src/views/ui/status-badge.css';

afterEach(cleanup);

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Switch>
        <Route path="/evaluations" component={EvaluationsPage} />
        <Route path="/evaluations/:id">{(params) => <p>Detail of {params.id}</p>}</Route>
      </Switch>
    </Router>,
  );
  return { currentPath: () => location.history!.at(-1) };
}

const table = () => screen.getByRole('table', { name: 'Evaluations' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const previous = () => screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

describe('EvaluationsPage (/evaluations)', () => {
  it('shows the first page of the mock list with a disabled New Evaluation button', () => {
    renderAt('/evaluations');
    expect(screen.getByRole('heading', { level: 1, name: 'Evaluations' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'New Evaluation' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Dataset', 'Golden Set', 'Status', 'Created At', 'Actions']);
    const rows = bodyRows();
    expect(rows).toHaveLength(5);
    rows.forEach((row, index) => {
      const evaluation = sampleEvaluations[index];
      expect(within(row).getByRole('rowheader').textContent).toBe(evaluation.name);
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([evaluation.dataset, evaluation.goldenSet, evaluation.status, formatDateTime(evaluation.createdAt), 'View']);
    });
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('colours each status badge by its status', () => {
    renderAt('/evaluations');
    const badge = (status: string) => within(table()).getByText(status, { selector: 'span' });
    expect(badge('running').className).toContain(statusBadgeTone.neutral);
    expect(badge('failed').className).toContain(statusBadgeTone.danger);
    expect(badge('ERROR').className).toContain(statusBadgeTone.danger);
    expect(badge('SUCCESS').className).toContain(statusBadgeTone.success);
    expect(badge('FAIL').className).toContain(statusBadgeTone.danger);
    fireEvent.click(next());
    expect(badge('pending').className).toContain(statusBadgeTone.warning);
  });

  it('moves between pages with Previous and Next, keeping the page in the address', () => {
    const view = renderAt('/evaluations');
    fireEvent.click(next());
    expect(view.currentPath()).toBe('/evaluations?page=2');
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(sampleEvaluations.slice(5).map((e) => e.name));
    expect(next().disabled).toBe(true);
    expect(previous().disabled).toBe(false);
    fireEvent.click(previous());
    expect(view.currentPath()).toBe('/evaluations?page=1');
    expect(bodyRows()).toHaveLength(5);
  });

  it('sends the row detail to /evaluations/{id} carrying the current page', () => {
    const view = renderAt('/evaluations?page=2');
    const link = screen.getByRole('link', { name: 'View details of Relevance baseline, Spain' });
    expect(link.getAttribute('href')).toBe('/evaluations/3?page=2');
    fireEvent.click(link);
    expect(view.currentPath()).toBe('/evaluations/3?page=2');
    expect(screen.getByText('Detail of 3')).toBeTruthy();
  });

  it('says so on a page past the end, where only Previous helps', () => {
    renderAt('/evaluations?page=7');
    expect(screen.getByRole('status').textContent).toBe('No evaluations on this page.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(previous().disabled).toBe(false);
    expect(next().disabled).toBe(true);
  });

  it('reads a malformed page as page 1', () => {
    renderAt('/evaluations?page=abc');
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
  });
});
