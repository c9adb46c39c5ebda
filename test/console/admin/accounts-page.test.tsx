import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Screens } from '../../../src/App';
import type { Account } from '../../../src/domain/admin/account-types';
import { RefusalError } from '../../../src/domain/shared/error-message';
import { AuthActorContext } from '../../../src/views/shell/auth-actor-context';
import { adminMe, signedInAuth } from '../helpers/fake-me';
import { fakeDeps } from '../helpers/fake-deps';
import { renderAccounts } from '../helpers/render-accounts';
import { renderWithLogic } from '../helpers/render-console';

// /accounts: who may see it (a non-admin reads why, and no account call is made), accounts kept by an
// identity provider, the list (searched in the address, your own row marked), Remove (its sessions end; the
// last admin's refusal). The dialogs' and the role change's paths are in their model tests.

afterEach(cleanup);

const account = (username: string, role: Account['role']): Account => ({
  username,
  role,
  created_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
});
const accounts = [account('admin', 'admin'), account('ada', 'curator'), account('bob', 'viewer')];

async function openAccounts(path = '/accounts') {
  const services = fakeDeps();
  await renderAccounts(services, path);
  await services.settle('accountRows', { output: { items: accounts, total: 3 } });
  return services;
}

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;

describe('who may manage accounts', () => {
  it('is the route /accounts, titled Accounts', async () => {
    const services = fakeDeps();
    const { actor } = signedInAuth(adminMe);
    renderWithLogic(services, '/accounts?search=ad', (logic) => (
      <AuthActorContext.Provider value={actor}>
        <Suspense fallback={null}>
          <Screens source={logic} />
        </Suspense>
      </AuthActorContext.Provider>
    ));
    await waitFor(() => expect(document.title).toBe('Accounts · Search Evaluation Console'));
    await waitFor(() => expect(services.last('accountRows').args).toEqual([{ page: 1, pageSize: 20 }, { search: 'ad' }]));
  });

  it.each(['viewer', 'curator'] as const)('a %s reads why, and no account is asked for', async (role) => {
    const services = fakeDeps();
    await renderAccounts(services, '/accounts', { ...adminMe, role });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accounts');
    expect(screen.getByRole('status').textContent).toBe(`Only admins can manage accounts. You are signed in as a ${role}.`);
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
    expect(services.calls('accountRows')).toBe(0);
  });

  it('with an identity provider, says the accounts are kept there', async () => {
    const services = fakeDeps();
    await renderAccounts(services, '/accounts', { ...adminMe, local_account: false });
    expect(screen.getByRole('status').textContent).toBe(
      'Accounts are kept by the identity provider: add people and change their roles there.',
    );
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
    expect(services.calls('accountRows')).toBe(0);
  });
});

describe('the accounts list', () => {
  it('shows each account’s name, role and creation, the total, and marks one’s own', async () => {
    await openAccounts();
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Username', 'Role', 'Created', 'Actions']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['admin(you)', 'ada', 'bob']);
    const roles = within(table).getAllByRole('combobox') as HTMLSelectElement[];
    expect(roles.map((select) => [select.getAttribute('aria-label'), select.value])).toEqual([
      ['Role of admin', 'admin'],
      ['Role of ada', 'curator'],
      ['Role of bob', 'viewer'],
    ]);
    expect(within(screen.getByRole('rowheader', { name: 'ada' }).closest('tr')!).getByText('Mar 1, 2026, 9:30 AM')).toBeTruthy();
    expect(screen.getByText('3 accounts')).toBeTruthy();
  });

  it('searches by username in the address, from page 1', async () => {
    const services = await openAccounts('/accounts?page=2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search accounts' }), { target: { value: ' ad ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(services.currentPath()).toBe('/accounts?search=ad&page=1');
    expect(services.last('accountRows').args).toEqual([{ page: 1, pageSize: 20 }, { search: 'ad' }]);
    await services.settle('accountRows', { output: { items: [], total: 0 } });
    expect(screen.getByRole('status').textContent).toBe('No accounts match the search.');
  });

  it('removes after a confirmation that says the person is signed out, and reloads', async () => {
    const services = await openAccounts();
    fireEvent.click(screen.getByRole('button', { name: 'Remove bob' }));
    expect(within(screen.getByRole('dialog', { name: 'Remove account' })).getByText(/^Remove the account "bob"\?/).textContent).toBe(
      'Remove the account "bob"? bob is signed out everywhere at once: their sessions end and they can no longer sign in.',
    );
    fireEvent.click(inDialog('Remove'));
    expect(inDialog('Removing...').disabled).toBe(true);
    expect(services.last('removeAccount').args).toEqual(['bob']);
    await services.settle('removeAccount', { output: undefined });
    expect(dialog()).toBeNull();
    expect(services.calls('accountRows')).toBe(2);
  });

  it('shows the last admin’s refusal with only Cancel left', async () => {
    const services = await openAccounts();
    fireEvent.click(screen.getByRole('button', { name: 'Remove admin' }));
    fireEvent.click(inDialog('Remove'));
    await services.settle('removeAccount', { error: new RefusalError('admin is the last admin: make another account admin first') });
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(
      'admin is the last admin: make another account admin first',
    );
    expect(
      within(screen.getByRole('dialog'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel']);
    fireEvent.click(inDialog('Cancel'));
    expect(dialog()).toBeNull();
    expect(services.calls('accountRows')).toBe(1);
  });
});
