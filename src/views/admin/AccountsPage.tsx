import { useActorRef, useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { accountsPageInput, type AccountsPageContext } from '../../machines/admin/accounts-page.machine';
import { selectAddAccount, selectChangeRole, selectList, selectResetPassword } from '../../machines/admin/accounts-page.selectors';
import { selectMeActor } from '../../machines/shell/auth.selectors';
import { selectChangedAccounts, selectIsSaving, selectPendingChange, selectRoleError } from '../../machines/admin/change-role.selectors';
import { selectMe } from '../../machines/shell/me.selectors';
import { selectConfirmDelete, selectFilterValue } from '../../machines/shared/paged-list.selectors';
import { selectSent } from '../../machines/shared/form-dialog.selectors';
import { ROLES, roleOf, type Account } from '../../domain/admin/account-types';
import { latestAccount } from '../../domain/admin/account-form';
import { adminOnlyMessage } from '../../domain/admin/admin-access';
import { counted } from '../../domain/shared/format-count';
import { formatDateTime } from '../../domain/shared/format-date';
import * as styles from './AccountsPage.css';
import { AddAccountDialog } from './AddAccountDialog';
import { useAuthActor } from '../shell/auth-actor-context';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { useCan, useRole } from '../shell/role-context';
import { button } from '../ui/button.css';
import * as filterBar from '../ui/filter-bar.css';
import * as pageStyles from '../ui/page.css';
import { rowHeader } from '../ui/row-header.css';
import { SearchBox } from '../ui/SearchBox';
import { errorMessage, statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

const selectSearch = selectFilterValue('search');

// /accounts (admins only): the embedded provider's accounts, searched and paged in the address; 'Add
// account', each row's role changed in place, 'Reset password' and 'Remove' (both end that person's sessions).
// Someone else who opens the address reads why, and nothing is asked of the server; with an external identity
// provider (the shell's 'me' says whether accounts live here) the page says where they are kept.
export function AccountsPage() {
  const role = useRole();
  const allowed = useCan('account.manage');
  const me = useSelector(useAuthActor(), selectMeActor);
  const known = useSelector(me, (snapshot) => (snapshot ? selectMe(snapshot) : null));
  if (!allowed) return <Notice>{adminOnlyMessage('manage accounts', role)}</Notice>;
  // The shell shows the screens once it is known; only a screen rendered alone waits here.
  if (!known) return <Notice>Loading...</Notice>;
  if (!known.local_account) return <Notice>Accounts are kept by the identity provider: add people and change their roles there.</Notice>;
  return <Accounts ownUsername={known.sub} />;
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Accounts</h1>
      </div>
      <p className={statusMessage} role="status">
        {children}
      </p>
    </div>
  );
}

function Accounts({ ownUsername }: { ownUsername: string }) {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.accountsPage, { input: accountsPageInput(search) });
  const list = useSelector(page, selectList);
  const addAccount = useSelector(page, selectAddAccount);
  const changeRole = useSelector(page, selectChangeRole);
  const resetPassword = useSelector(page, selectResetPassword);
  const headingId = useId();

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title} id={headingId}>
          Accounts
        </h1>
        <button type="button" className={button({ tone: 'primary' })} onClick={() => addAccount.send({ type: 'user.open' })}>
          Add account
        </button>
      </div>
      <AccountsList list={list} changeRole={changeRole} resetPassword={resetPassword} ownUsername={ownUsername} headingId={headingId} />
      <AddAccountDialog actor={addAccount} />
      <ResetPasswordDialog actor={resetPassword} />
    </div>
  );
}

type AccountsRefs = { [Name in 'list' | 'changeRole' | 'resetPassword']: AccountsPageContext[Name] };

function AccountsList({
  list,
  changeRole,
  resetPassword,
  ownUsername,
  headingId,
}: AccountsRefs & { ownUsername: string; headingId: string }) {
  const confirmRemove = useSelector(list, selectConfirmDelete);
  const nameSearch = useSelector(list, selectSearch);
  const saving = useSelector(changeRole, selectIsSaving);
  const pending = useSelector(changeRole, selectPendingChange);
  const changed = useSelector(changeRole, selectChangedAccounts);
  const roleError = useSelector(changeRole, selectRoleError);
  const resetFor = useSelector(resetPassword, selectSent)?.username ?? null;

  return (
    <>
      <div className={filterBar.bar}>
        <SearchBox
          label="Search accounts"
          value={nameSearch}
          onSearch={(text) => list.send({ type: 'user.filterChanged', name: 'search', value: text })}
        />
      </div>
      <p className={styles.notice} aria-live="polite">
        {resetFor ? `The password of ${resetFor} was reset: they are signed out everywhere.` : ''}
      </p>
      {roleError && (
        <p className={errorMessage} role="alert">
          Could not change the role of {roleError.username}: {roleError.message}
        </p>
      )}

      <PagedListFrame<Account>
        list={list}
        failure={(error) => `Failed to fetch accounts. ${error ?? ''}`}
        empty={(n) => (nameSearch ? 'No accounts match the search.' : n === 1 ? 'No accounts yet.' : 'No accounts on this page.')}
        counted={(total) => counted(total, 'account', 'accounts')}
      >
        {(accounts) => (
          <TableCard>
            <table className={table.table} aria-labelledby={headingId}>
              <TableHead columns={['Username', 'Role', 'Created', 'Actions']} />
              <tbody>
                {accounts.map((listed) => {
                  const account = latestAccount(listed, changed[listed.username]);
                  const { username } = account;
                  return (
                    <tr key={username}>
                      <th className={`${table.cell} ${rowHeader}`} scope="row">
                        {username}
                        {username === ownUsername && <span className={styles.you}>(you)</span>}
                      </th>
                      <td className={table.cell}>
                        <select
                          className={styles.roleSelect}
                          aria-label={`Role of ${username}`}
                          value={pending?.username === username ? pending.role : account.role}
                          disabled={saving}
                          onChange={(event) => {
                            const role = roleOf(event.target.value);
                            if (role) changeRole.send({ type: 'user.changeRole', account, role });
                          }}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {role}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className={table.cell}>{formatDateTime(account.created_at)}</td>
                      <td className={table.cell}>
                        <div className={table.actions}>
                          <button
                            type="button"
                            className={button({ tone: 'secondary', size: 'small' })}
                            aria-label={`Reset password of ${username}`}
                            onClick={() => resetPassword.send({ type: 'user.open', fields: { username } })}
                          >
                            Reset password
                          </button>
                          <button
                            type="button"
                            className={button({ tone: 'danger', size: 'small' })}
                            aria-label={`Remove ${username}`}
                            // Accounts are known by name: the confirmation's subject carries it as its name.
                            onClick={() => confirmRemove?.send({ type: 'user.open', subject: { id: 0, name: username } })}
                          >
                            Remove
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>

      {confirmRemove && (
        <ConfirmDialog
          actor={confirmRemove}
          title="Remove account"
          question={(subject) =>
            `Remove the account "${subject.name}"? ${subject.name} is signed out everywhere at once: their sessions end and they can no longer sign in.`
          }
          confirmLabel="Remove"
          busyLabel="Removing..."
        />
      )}
    </>
  );
}
