import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useSearch } from 'wouter';
import { apiKeysPageInput } from '../../machines/api-keys/api-keys-page.machine';
import { selectList, selectNewKey } from '../../machines/api-keys/api-keys-page.selectors';
import { selectConfirmDelete } from '../../machines/shared/paged-list.selectors';
import type { ApiKey } from '../../domain/api-keys/api-key-form';
import { counted } from '../../domain/shared/format-count';
import { formatDateTime } from '../../domain/shared/format-date';
import { useLogic } from '../shell/logic-context';
import { useRole } from '../shell/role-context';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PagedListFrame } from '../ui/PagedListFrame';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { rowHeader } from '../ui/row-header.css';
import * as table from '../ui/table.css';
import * as styles from './ApiKeysPage.css';
import { NewApiKeyDialog } from './NewApiKeyDialog';

// /api-keys (anyone signed in): one's API keys, newest first; an admin sees everyone's, with their owners.
// 'New key', and each row's Revoke after a confirmation.
export function ApiKeysPage() {
  const logic = useLogic();
  const role = useRole();
  const search = useSearch();
  const page = useActorRef(logic.apiKeysPage, { input: apiKeysPageInput(search) });
  const list = useSelector(page, selectList);
  const newKey = useSelector(page, selectNewKey);
  const confirmRevoke = useSelector(list, selectConfirmDelete);
  const headingId = useId();
  const everyone = role === 'admin';
  const columns = ['Name', 'Prefix', ...(everyone ? ['Owner'] : []), 'Role', 'Created', 'Expires', 'Last used', 'Actions'];

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title} id={headingId}>
          API keys
        </h1>
        <button type="button" className={button({ tone: 'primary' })} onClick={() => newKey.send({ type: 'user.open' })}>
          New key
        </button>
      </div>
      <p className={styles.note}>
        {everyone
          ? 'Every API key, yours and everyone’s. A key acts with its role for scripts and CI: send it as a bearer token.'
          : 'Your API keys. A key acts for you, with its role, for scripts and CI: send it as a bearer token.'}
      </p>
      <PagedListFrame<ApiKey>
        list={list}
        failure={(error) => `Failed to fetch API keys. ${error ?? ''}`}
        empty={(n) => (n === 1 ? 'No API keys yet.' : 'No API keys on this page.')}
        counted={(total) => counted(total, 'key', 'keys')}
      >
        {(keys) => (
          <TableCard>
            <table className={table.table} aria-labelledby={headingId}>
              <TableHead columns={columns} />
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id}>
                    <th className={`${table.cell} ${rowHeader}`} scope="row">
                      {key.name}
                      {key.service ? ' (service)' : ''}
                    </th>
                    <td className={`${table.cell} ${styles.mono}`}>{key.prefix}…</td>
                    {everyone && <td className={table.cell}>{key.owner}</td>}
                    <td className={table.cell}>{key.role}</td>
                    <td className={table.cell}>{formatDateTime(key.created_at)}</td>
                    <td className={table.cell}>{key.expires_at ? formatDateTime(key.expires_at) : 'Never'}</td>
                    <td className={table.cell}>{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</td>
                    <td className={table.cell}>
                      <button
                        type="button"
                        className={button({ tone: 'danger', size: 'small' })}
                        aria-label={`Revoke ${key.name}`}
                        onClick={() => confirmRevoke?.send({ type: 'user.open', subject: { id: key.id, name: key.name } })}
                      >
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
      {confirmRevoke && (
        <ConfirmDialog
          actor={confirmRevoke}
          title="Revoke API key"
          question={(subject) => `Revoke the API key "${subject.name}"? Whatever uses it is refused from its next request on.`}
          confirmLabel="Revoke"
          busyLabel="Revoking..."
        />
      )}
      <NewApiKeyDialog actor={newKey} role={role} />
    </div>
  );
}
