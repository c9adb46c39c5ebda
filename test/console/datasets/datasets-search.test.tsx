import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { DatasetRow } from '../../../src/domain/evaluations/evaluation-service-types';
import { DatasetsPage } from '../../../src/views/datasets/DatasetsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// The datasets list's name search: sent as the server's `search`, kept in the address with the page, so
// Back and a shared link show the same rows.

afterEach(cleanup);

const row = (id: number, name: string, entries: number): DatasetRow => ({
  id,
  name,
  description: `About ${name}`,
  created_at: '2026-11-22T15:04:00Z',
  updated_at: '2026-11-22T15:04:00Z',
  entry_count: entries,
});

const search = (text: string) => {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search datasets' }), { target: { value: text } });
  fireEvent.submit(screen.getByRole('search'));
};

describe('Datasets list search', () => {
  it('searches by name from page 1, keeps the search in the address, and Back brings the unfiltered page again', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/datasets?page=2', <DatasetsPage />);
    await services.settle('listDatasets', { output: { items: [row(1, 'Lamps', 0)], total: 21 } });
    expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell')[2].textContent).toBe('0');

    search('  sofa ');
    expect(services.last('listDatasets').input).toEqual({ page: 1, pageSize: 20, search: 'sofa' });
    expect(services.currentPath()).toBe('/datasets?search=sofa&page=1');
    await services.settle('listDatasets', { output: { items: [row(7, 'Sofas UK', 1250)], total: 1 } });
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent).slice(0, 3)).toEqual(['Sofas UK', 'About Sofas UK', '1250']);

    act(() => services.router.back('/datasets'));
    expect(services.last('listDatasets').input).toEqual({ page: 2, pageSize: 20, search: undefined });
    expect((screen.getByRole('searchbox', { name: 'Search datasets' }) as HTMLInputElement).value).toBe('');
  });

  it("opens with the address's search and page, and says when nothing matches", async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/datasets?search=uk&page=3', <DatasetsPage />);
    expect(services.last('listDatasets').input).toEqual({ page: 3, pageSize: 20, search: 'uk' });
    expect((screen.getByRole('searchbox', { name: 'Search datasets' }) as HTMLInputElement).value).toBe('uk');
    await services.settle('listDatasets', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No datasets match the search.');

    search('');
    expect(services.last('listDatasets').input).toEqual({ page: 1, pageSize: 20, search: undefined });
    expect(services.currentPath()).toBe('/datasets?page=1');
  });
});
