import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DatasetEntry } from '../../../src/domain/evaluations/evaluation-service-types';
import { DatasetEntriesPage } from '../../../src/views/entries/DatasetEntriesPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// /dataset-entries: the table, its chips, the delete confirmation and paging by page number.

afterEach(cleanup);

const long = 'a very long query about a red velvet three-seater sofa with chaise longue and oak legs, delivered';
const entries: DatasetEntry[] = Array.from({ length: 20 }, (_, index) => ({
  id: index + 1,
  input: index === 0 ? long : `query ${index + 1}`,
  input_metadata: null,
  description: '',
  datasets:
    index === 0
      ? [
          { id: 3, name: 'Sofas' },
          { id: 4, name: 'Living room' },
        ]
      : [],
  created_at: '2026-01-05T09:30:00Z',
  updated_at: '2026-01-05T09:30:00Z',
}));

async function openList(items = entries, total = 39) {
  const services = fakeDeps();
  renderWithLogic(services, '/dataset-entries', <DatasetEntriesPage />);
  expect(screen.getByRole('status').textContent).toBe('Loading...');
  expect(services.last('listEntries').input).toEqual({ page: 1, pageSize: 20 });
  await services.settle('listEntries', { output: { items, total } });
  await screen.findByRole('table');
  return services;
}

describe('Dataset Entries list', () => {
  it('shows Input (whole text on hover and focus), dataset chips or No datasets, Created At and actions', async () => {
    await openList();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Input', 'Datasets', 'Created At', 'Actions']);
    const first = screen.getAllByRole('row')[1];
    const input = within(first).getByText(long);
    expect(input.getAttribute('title')).toBe(long);
    expect(input.tabIndex).toBe(0);
    expect(within(first).getByRole('link', { name: 'Sofas' }).getAttribute('href')).toBe('/datasets/3/edit');
    expect(within(first).getByRole('link', { name: 'Living room' }).getAttribute('href')).toBe('/datasets/4/edit');
    expect(within(first).getByText('Jan 5, 2026, 9:30 AM')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Edit entry 1' }).getAttribute('href')).toBe('/dataset-entries/1/edit');
    expect(within(screen.getAllByRole('row')[2]).getByText('No datasets')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bulk Upload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Entry' })).toBeTruthy();
  });

  it('deletes after the confirmation, then reloads the page', async () => {
    const services = await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete entry 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Dataset Entry' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete this dataset entry?Entry 2: “query 2”This action cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(services.last('deleteEntry').args).toEqual([2]);
    await services.settle('deleteEntry', { output: undefined });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.calls('listEntries')).toBe(2);
  });

  it('names a long entry by its input, shortened at a word on one line', async () => {
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete entry 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Dataset Entry' });
    expect(within(dialog).getByText(/^Entry 1:/).textContent).toBe(
      'Entry 1: “a very long query about a red velvet three-seater sofa with chaise longue and…”',
    );
  });

  it('has a next page only after a full page of 20, and no previous on page 1', async () => {
    const services = await openList();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(services.currentPath()).toBe('/dataset-entries?page=2');
    expect(services.last('listEntries').input).toEqual({ page: 2, pageSize: 20 });
    await services.settle('listEntries', { output: { items: entries.slice(0, 19), total: 39 } });
    const next = within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
  });

  it('starts at the page of the address', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/dataset-entries?page=3', <DatasetEntriesPage />);
    expect(services.last('listEntries').input).toEqual({ page: 3, pageSize: 20 });
  });
  it('searches and filters by dataset from page 1, shows the total and "Page x of y", all kept in the address', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/dataset-entries?page=2', <DatasetEntriesPage />);
    await services.settle('datasetOptions', {
      output: [
        { id: 3, name: 'Sofas' },
        { id: 4, name: 'Living room' },
      ],
    });
    await services.settle('listEntries', { output: { items: entries, total: 45 } });
    expect(screen.getByText('45 entries')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search entries' }), { target: { value: 'sofa' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(services.last('listEntries').input).toEqual({ page: 1, pageSize: 20, search: 'sofa', inDataset: undefined });
    expect(services.currentPath()).toBe('/dataset-entries?search=sofa&page=1');
    await services.settle('listEntries', { output: { items: entries, total: 21 } });

    fireEvent.change(screen.getByRole('combobox', { name: 'Dataset' }), { target: { value: '3' } });
    expect(services.last('listEntries').input).toEqual({ page: 1, pageSize: 20, search: 'sofa', inDataset: 3 });
    expect(services.currentPath()).toBe('/dataset-entries?search=sofa&dataset=3&page=1');
    await services.settle('listEntries', { output: { items: entries, total: 20 } });
    expect(screen.getByText('20 entries')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    // A full page of 20, but the total says it is the last.
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => services.router.back('/dataset-entries'));
    expect(services.last('listEntries').input).toEqual({ page: 1, pageSize: 20, search: 'sofa', inDataset: undefined });
    expect((screen.getByRole('combobox', { name: 'Dataset' }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search entries' }) as HTMLInputElement).value).toBe('sofa');
  });

  it('shows a search the server stopped counting as "10,000+ entries", with Next past page 500', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/dataset-entries?search=oak&page=500', <DatasetEntriesPage />);
    await services.settle('listEntries', { output: { items: entries, total: 10_000, capped: true } });
    expect(screen.getByText('10,000+ entries')).toBeTruthy();
    // No "of N": the number of pages is not known.
    expect(screen.getByText('Page 500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(services.last('listEntries').input).toEqual({ page: 501, pageSize: 20, search: 'oak', inDataset: undefined });
    await services.settle('listEntries', { output: { items: entries.slice(0, 5), total: 10_000, capped: true } });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens with the address's search, dataset and page, and says when nothing matches", async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/dataset-entries?search=red&dataset=4&page=2', <DatasetEntriesPage />);
    expect(services.last('listEntries').input).toEqual({ page: 2, pageSize: 20, search: 'red', inDataset: 4 });
    await services.settle('datasetOptions', { output: [{ id: 4, name: 'Living room' }] });
    expect((screen.getByRole('combobox', { name: 'Dataset' }) as HTMLSelectElement).value).toBe('4');
    await services.settle('listEntries', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No dataset entries match the filters.');
    expect(screen.getByText('0 entries')).toBeTruthy();
  });

  it('offers the datasets a complete bulk upload created in the dataset filter at once, and lists its entries', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/dataset-entries', <DatasetEntriesPage />);
    await services.settle('datasetOptions', { output: [{ id: 3, name: 'Sofas' }] });
    await services.settle('listEntries', { output: { items: entries, total: 20 } });
    const choices = () =>
      within(screen.getByRole('combobox', { name: 'Dataset' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(choices()).toEqual(['All datasets', 'Sofas']);

    fireEvent.click(screen.getByRole('button', { name: 'Bulk Upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Upload' });
    const csv = new File(['input,datasets\nrug,Rugs\n'], 'entries.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [csv] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await services.settle('uploadEntries', {
      output: { created_entries: 1, created_datasets: 1, created_mappings: 1, existing_inputs: 0, repeated_inputs: 0, skipped_inputs: 0 },
    });

    // The CSV named a dataset the server created: the choices are fetched again, with the entries.
    expect([services.calls('datasetOptions'), services.calls('listEntries')]).toEqual([2, 2]);
    await services.settle('datasetOptions', {
      output: [
        { id: 3, name: 'Sofas' },
        { id: 5, name: 'Rugs' },
      ],
    });
    expect(choices()).toEqual(['All datasets', 'Sofas', 'Rugs']);
  });
});
