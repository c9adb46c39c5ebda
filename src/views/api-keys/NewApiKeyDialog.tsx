import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { newApiKeyMachine } from '../../machines/api-keys/new-api-key.machine';
import {
  selectCanSubmit,
  selectCopyState,
  selectCreated,
  selectFailure,
  selectFields,
  selectIsBusy,
  selectIsOpen,
} from '../../machines/api-keys/api-keys-page.selectors';
import { expiryProblem, keyRoles, localDay, type ApiKeyFields } from '../../domain/api-keys/api-key-form';
import { roleOf, type Role } from '../../domain/admin/account-types';
import { FormDialog } from '../ui/FormDialog';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { button } from '../ui/button.css';
import * as modal from '../ui/modal.css';
import { errorMessage } from '../ui/status.css';
import * as styles from './ApiKeysPage.css';

type NewKeyActor = ActorRefFrom<typeof newApiKeyMachine>;

// /api-keys: 'New key' (Name*, Role up to one's own, Expires on, and for admins 'Service key'; Cancel, 'Create'),
// then the secret, once, with Copy and Done.
export function NewApiKeyDialog({ actor, role }: { actor: NewKeyActor; role: Role }) {
  const open = useSelector(actor, selectIsOpen);
  const created = useSelector(actor, selectCreated);
  if (!open) return null;
  return created ? <SecretPanel actor={actor} name={created.name} secret={created.secret} /> : <KeyForm actor={actor} role={role} />;
}

function KeyForm({ actor, role }: { actor: NewKeyActor; role: Role }) {
  const busy = useSelector(actor, selectIsBusy);
  const fields = useSelector(actor, selectFields);
  const error = useSelector(actor, selectFailure);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const change = (change: Partial<ApiKeyFields>) => actor.send({ type: 'user.change', fields: change });
  const roleId = useId();
  const expiryId = useId();
  const serviceId = useId();
  const today = localDay(new Date());
  const problem = expiryProblem(fields.expiresOn, new Date());

  return (
    <FormDialog
      title="New API key"
      busy={busy}
      canCancel={!busy}
      canSubmit={canSubmit}
      submitLabel="Create"
      busyLabel="Creating..."
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      error={error}
    >
      <TextField label="Name*" value={fields.name} required onChange={(name) => change({ name })} />
      <div className={modal.field}>
        <label htmlFor={roleId} className={modal.label}>
          Role
        </label>
        <select
          id={roleId}
          className={modal.input}
          value={fields.role}
          onChange={(event) => change({ role: roleOf(event.target.value) ?? fields.role })}
        >
          {keyRoles(role, fields.service).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      <div className={modal.field}>
        <label htmlFor={expiryId} className={modal.label}>
          Expires on
        </label>
        <input
          id={expiryId}
          type="date"
          className={modal.input}
          min={today}
          value={fields.expiresOn}
          aria-describedby={`${expiryId}-hint`}
          aria-invalid={problem !== null}
          onChange={(event) => change({ expiresOn: event.target.value })}
        />
        <p id={`${expiryId}-hint`} className={styles.note}>
          {problem ?? 'Optional: the key works to the end of that day. Empty: it never expires.'}
        </p>
      </div>
      {role === 'admin' && (
        <div className={styles.option}>
          <input id={serviceId} type="checkbox" checked={fields.service} onChange={(event) => change({ service: event.target.checked })} />
          <label htmlFor={serviceId}>Service key (a viewer or curator; stays when you leave)</label>
        </div>
      )}
    </FormDialog>
  );
}

function SecretPanel({ actor, name, secret }: { actor: NewKeyActor; name: string; secret: string }) {
  const copy = useSelector(actor, selectCopyState);
  const secretId = useId();
  const close = () => actor.send({ type: 'user.close' });
  return (
    <Modal title={`API key "${name}" created`} onCancel={close}>
      <p>
        Copy the key now: it will not be shown again. Scripts send it as <code>Authorization: Bearer</code> followed by the key.
      </p>
      <label htmlFor={secretId} className={modal.label}>
        Secret key
      </label>
      <output id={secretId} className={styles.secret}>
        {secret}
      </output>
      <p className={styles.note} aria-live="polite">
        {copy === 'copied' ? 'Copied to the clipboard.' : ''}
      </p>
      {copy === 'failed' && (
        <p className={errorMessage} role="alert">
          The browser would not copy it: select the key and copy it yourself.
        </p>
      )}
      <div className={modal.buttons}>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.copy' })}>
          Copy
        </button>
        <button type="button" className={button({ tone: 'primary' })} onClick={close}>
          Done
        </button>
      </div>
    </Modal>
  );
}
