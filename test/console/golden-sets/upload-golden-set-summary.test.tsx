import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { GoldenSetsPage } from '../../../src/views/golden-sets/GoldenSetsPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// After an upload the dialog stays on its summary; a warning's full list downloads through the page's exporter.

afterEach(cleanup);

const created = {
  id: 9,
  name: 'Sofas DE',
  description: '',
  market: '',
  query_count: 2,
  judgement_count: 2,
  created_at: '2026-02-09T08:45:00Z',
  updated_at: '2026-02-09T08:45:00Z',
  scale: { max_grade: 3, labels: ['Poor', 'Fair', 'Good', 'Perfect'] },
  grade_counts: {},
  version: 0,
  changed_at: null,
  warnings: {
    queries_without_entry: { count: 1, sample: ['oak table'] },
    products_not_in_catalogue: { count: 0, sample: [] },
  },
};

describe('golden set upload summary', () => {
  it('downloads the full list of queries without an entry, and names only the lists that have any', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/golden-sets', <GoldenSetsPage />);
    await services.settle('goldenSetRows', { output: { items: [], total: 0 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Golden Set' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Golden Set' });
    fireEvent.change(within(dialog).getByLabelText('Name*'), { target: { value: 'Sofas DE' } });
    fireEvent.change(within(dialog).getByLabelText('Judgements file (CSV)*'), {
      target: { files: [new File(['query,product_id,relevance\n'], 'de.csv')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Golden Set' }));
    await services.settle('uploadGoldenSet', { output: created });

    const summary = await screen.findByRole('region', { name: 'Upload Complete' });
    expect(within(summary).queryByRole('region', { name: /not in the catalogue/ })).toBeNull();
    fireEvent.click(within(summary).getByRole('button', { name: 'Download all 1 (CSV)' }));
    expect(services.last('exportGoldenSet').args).toEqual([9, 'queries-without-entry']);

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
