import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ApiKey } from '../../../src/domain/api-keys/api-key-form';
import { ApiKeysPage } from '../../../src/views/api-keys/ApiKeysPage';
import { fakeDeps } from '../helpers/fake-deps';
import { renderWithLogic } from '../helpers/render-console';

// /api-keys: an admin's list has an Owner column and the dialog offers the service key; a viewer's list is
// their own, and the dialog offers only the viewer role; Revoke asks first, then revokes and reloads.

afterEach(cleanup);

const key: ApiKey = {
  id: 7,
  prefix: 'sek_AbCdEfGh',
  name: 'ci',
  role: 'viewer',
  owner: 'Vic Viewer',
  service: false,
  created_at: '2026-03-01T09:30:00Z',
  expires_at: null,
  last_used_at: '2026-03-02T10:00:00Z',
};

async function openAs(role: 'admin' | 'viewer') {
  const services = fakeDeps();
  renderWithLogic(services, '/api-keys', <ApiKeysPage />, { role });
  await services.settle('apiKeyRows', { output: { items: [key], total: 1 } });
  return services;
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('the API keys page', () => {
  it('shows an admin every key with its owner, and a viewer their own without; the prefix, never a secret', async () => {
    await openAs('admin');
    expect(headers()).toEqual(['Name', 'Prefix', 'Owner', 'Role', 'Created', 'Expires', 'Last used', 'Actions']);
    const row = screen.getByRole('row', { name: /ci/ });
    expect(within(row).getByText('sek_AbCdEfGh…')).toBeTruthy();
    expect(within(row).getByText('Vic Viewer')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    cleanup();
    await openAs('viewer');
    expect(headers()).toEqual(['Name', 'Prefix', 'Role', 'Created', 'Expires', 'Last used', 'Actions']);
  });

  it('offers a viewer only viewer keys, and no service key', async () => {
    await openAs('viewer');
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New API key' }));
    const role = dialog.getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((option) => option.value)).toEqual(['viewer']);
    expect(dialog.queryByLabelText(/Service key/)).toBeNull();
  });

  it('revokes a key after asking, and fetches the list again', async () => {
    const services = await openAs('viewer');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke ci' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Revoke API key' }));
    expect(confirm.getByText(/^Revoke the API key "ci"\?/).textContent).toBe(
      'Revoke the API key "ci"? Whatever uses it is refused from its next request on.',
    );
    fireEvent.click(confirm.getByRole('button', { name: 'Revoke' }));
    await services.settle('revokeApiKey', { output: undefined });
    expect(services.last('revokeApiKey').args).toEqual([7]);
    await services.settle('apiKeyRows', { output: { items: [], total: 0 } });
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(services.calls('apiKeyRows')).toBe(2);
  });
});
