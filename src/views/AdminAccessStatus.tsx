import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { adminAccessMachine } from '../machines/admin-access.machine';
import { selectAccessError, selectAccessView, selectSignedInRole } from '../machines/admin-access.selectors';
import { adminOnlyMessage } from '../domain/admin-access';
import { button } from './ui/button.css';
import { errorMessage, statusMessage } from './ui/status.css';

// Issue 17: what a page for admins shows before its content: 'Loading...' while it asks who is signed in,
// "Only admins can …" for anyone else (no 403 reaches them), or why it could not ask, with Try again.
export function AdminAccessStatus({ access, doing }: { access: ActorRefFrom<typeof adminAccessMachine> | undefined; doing: string }) {
  const view = useSelector(access, (snapshot) => (snapshot ? selectAccessView(snapshot) : 'checking'));
  const role = useSelector(access, (snapshot) => (snapshot ? selectSignedInRole(snapshot) : null));
  const error = useSelector(access, (snapshot) => (snapshot ? selectAccessError(snapshot) : null));
  if (view === 'forbidden') {
    return (
      <p className={statusMessage} role="status">
        {adminOnlyMessage(doing, role)}
      </p>
    );
  }
  if (view === 'failed') {
    return (
      <div>
        <p className={errorMessage} role="alert">
          Could not check who is signed in. {error}
        </p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => access?.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className={statusMessage} role="status">
      Loading...
    </p>
  );
}
