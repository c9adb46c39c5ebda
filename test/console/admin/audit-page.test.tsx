import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry } from '../../../src/domain/admin/audit-targets';
import { AuditPage } from '../../../src/views/admin/AuditPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// /audit: the trail's rows (when, who, action, target linked to its page while it has one, summary),
// its total and pages, the filters read from and written to the address, "who" narrowing to one person, and
// the CSV of the filter shown. Who may open it, and the page machine's paths, are in admin-pages.model.test.tsx.

afterEach(cleanup);

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-03-02T10:05:00.000Z',
  actor: { sub: 'u-17', name: 'Ada Lovelace' },
  action: 'golden_set.update',
  target_type: 'golden_set',
  target_id: '4',
  summary: 'name, description',
  ...fields,
});
const entries = [
  entry(9, {}),
  entry(8, { action: 'golden_set.delete', summary: '“Golden set — Spain”', actor: { sub: 'admin', name: 'admin' } }),
  entry(7, { action: 'entries.upload', target_type: 'entries', target_id: null, summary: '2,002 entries · 25 datasets' }),
  entry(6, { action: 'account.create', target_type: 'account', target_id: 'grace', summary: 'role curator' }),
];

async function openAudit(path = '/audit', total = 64, capped = false) {
  const services = fakeDeps();
  renderWithLogic(services, path, <AuditPage />);
  await services.settle('auditRows', { output: { items: entries, total, ...(capped ? { capped } : {}) } });
  return services;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit trail' }))
    .getAllByRole('row')
    .slice(1);
const field = (name: string) =>
  within(screen.getByRole('form', { name: 'Filter the audit trail' })).getByLabelText(name) as HTMLInputElement;

describe('the audit trail', () => {
  it('shows when, who, the action, the target and the summary of each change, newest first, with the total', async () => {
    await openAudit();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'Who', 'Action', 'Target', 'Summary']);
    expect(
      rows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mar 2, 2026, 10:05 AM', 'Ada Lovelace', 'golden_set.update', 'Golden set 4', 'name, description'],
      ['Mar 2, 2026, 10:05 AM', 'admin', 'golden_set.delete', 'Golden set 4', '“Golden set — Spain”'],
      ['Mar 2, 2026, 10:05 AM', 'Ada Lovelace', 'entries.upload', 'Entries', '2,002 entries · 25 datasets'],
      ['Mar 2, 2026, 10:05 AM', 'Ada Lovelace', 'account.create', 'Account grace', 'role curator'],
    ]);
    expect(screen.getByText('64 changes')).toBeTruthy();
    expect(screen.getByText('Page 1 of 4')).toBeTruthy();
  });

  it('links a target to its page while it has one', async () => {
    await openAudit();
    const targetCell = (index: number) => within(rows()[index]).getAllByRole('cell')[3];
    expect(within(targetCell(0)).getByRole('link', { name: 'Golden set 4' }).getAttribute('href')).toBe('/golden-sets/4');
    // Deleted, and a bulk upload without an id: text, no link.
    expect(within(targetCell(1)).queryByRole('link')).toBeNull();
    expect(within(targetCell(2)).queryByRole('link')).toBeNull();
    expect(within(targetCell(3)).getByRole('link', { name: 'Account grace' }).getAttribute('href')).toBe('/accounts?search=grace&page=1');
  });

  it('says when the server stopped counting', async () => {
    await openAudit('/audit', 10_000, true);
    expect(screen.getByText('10,000+ changes')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('opens with the address’s filter in the form and asks for it', async () => {
    const services = await openAudit('/audit?action=account.role&target_type=account&from=2026-03-01&to=2026-03-05&page=2');
    expect(services.last('auditRows').args).toEqual([
      { page: 2, pageSize: 20 },
      { action: 'account.role', target_type: 'account', from: '2026-03-01', to: '2026-03-05' },
    ]);
    expect(
      [
        field('Person (subject)'),
        field('Action'),
        field('Target'),
        field('Target id'),
        field('From (day)'),
        field('To (day, included)'),
      ].map((f) => f.value),
    ).toEqual(['', 'account.role', 'account', '', '2026-03-01', '2026-03-05']);
  });

  it('narrows to one person from a row, keeping the other filters, and Back brings the form back', async () => {
    const services = await openAudit('/audit?target_type=golden_set&page=3');
    const who = within(rows()[0]).getByRole('link', { name: 'Ada Lovelace' });
    expect(who.getAttribute('href')).toBe('/audit?actor=u-17&target_type=golden_set&page=1');
    fireEvent.click(who);
    expect(services.last('auditRows').args).toEqual([
      { page: 1, pageSize: 20 },
      { actor: 'u-17', target_type: 'golden_set' },
    ]);
    await services.settle('auditRows', { output: { items: [entries[0]], total: 1 } });
    expect(field('Person (subject)').value).toBe('u-17');
    expect(screen.getByText('1 change')).toBeTruthy();

    act(() => services.router.back('/audit'));
    expect(services.last('auditRows').args).toEqual([{ page: 3, pageSize: 20 }, { target_type: 'golden_set' }]);
    expect(field('Person (subject)').value).toBe('');
  });

  it('says when nothing matches the filters', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/audit?actor=nobody', <AuditPage />);
    await services.settle('auditRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No changes match the filters.');
  });

  it('exports the filtered trail as CSV, says what it saved, and names a failure', async () => {
    const services = await openAudit('/audit?action=account.create');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(services.last('exportAuditTrail').args).toEqual([{ action: 'account.create' }]);
    expect((screen.getByRole('button', { name: 'Exporting CSV...' }) as HTMLButtonElement).disabled).toBe(true);
    const file = { blob: new Blob(['at,actor_sub\r\n']), filename: 'audit-trail.csv' };
    await services.settle('exportAuditTrail', { output: file });
    expect(services.saved).toEqual([file]);
    expect(screen.getByText('Saved audit-trail.csv.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await services.settle('exportAuditTrail', { error: new Error('The server answered 500 Internal Server Error') });
    expect(screen.getByRole('alert').textContent).toBe('Failed to export the audit trail: The server answered 500 Internal Server Error');
  });
});
