import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Account, SignedInUser } from '../../src/domain/account-types';
import { RefusalError } from '../../src/domain/error-message';
import { AccountsPage } from '../../src/views/AccountsPage';
import { fakeDeps } from './helpers/fake-deps';
import { renderWithLogic } from './helpers/render-console';

// Issue 17 /accounts: who may see it (a non-admin reads why, and no account call is made), accounts kept by an
// identity provider, the list (searched in the address, your own row marked), Remove (its sessions end; the
// last admin's refusal) and the notice after a password reset. The dialogs' paths are in their model tests.

afterEach(cleanup);

const admin: SignedInUser = { sub: 'admin', name: 'admin', role: 'admin', local_account: true };
const account = (username: string, role: Account['role']): Account => ({
  username,
  role,
  created_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
});
const accounts = [account('admin', 'admin'), account('ada', 'curator'), account('bob', 'viewer')];

async function openAccounts(path = '/accounts') {
  const services = fakeDeps();
  renderWithLogic(services, path, <AccountsPage />);
  await services.settle('whoAmI', { output: admin });
  await services.settle('accountRows', { output: { items: accounts, total: 3 } });
  return services;
}

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name }) as HTMLButtonElement;

describe('who may manage accounts', () => {
  it.each([
    ['a curator', { ...admin, role: 'curator' as const }, 'Only admins can manage accounts. You are signed in as a curator.'],
    ['someone without a role', { ...admin, role: null }, 'Only admins can manage accounts. Your sign-in carries no role in this console.'],
  ])('%s reads why, and no account is asked for', async (_, user, text) => {
    const services = fakeDeps();
    renderWithLogic(services, '/accounts', <AccountsPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await services.settle('whoAmI', { output: user });
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
    expect(services.calls('accountRows')).toBe(0);
  });

  it('says why it could not ask who is signed in, and asks again', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/accounts', <AccountsPage />);
    await services.settle('whoAmI', { error: new Error('The server could not be reached. Please try again.') });
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not check who is signed in. The server could not be reached. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await services.settle('whoAmI', { output: admin });
    expect(services.last('accountRows').args).toEqual([{ page: 1, pageSize: 20 }, { search: undefined }]);
  });

  it('with an identity provider, says the accounts are kept there', async () => {
    const services = fakeDeps();
    renderWithLogic(services, '/accounts', <AccountsPage />);
    await services.settle('whoAmI', { output: { ...admin, local_account: false } });
    expect(screen.getByRole('status').textContent).toBe(
      'Accounts are kept by the identity provider: add people and change their roles there.',
    );
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
