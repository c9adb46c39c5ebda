import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link, useLocation } from 'wouter';
import { selectMeActor } from '../../machines/shell/auth.selectors';
import type { meMachine } from '../../machines/shell/me.machine';
import { selectMe, selectMeError, selectMeView } from '../../machines/shell/me.selectors';
import { currentEntry, navigationFor } from '../../domain/shell/navigation';
import { noRoleMessage, type Role } from '../../domain/shell/roles';
import { useAuthActor } from './auth-actor-context';
import { RoleContext } from './role-context';
import * as styles from './Shell.css';
import { TopBar } from './TopBar';
import { errorMessage } from '../ui/status.css';
import { StatusMessage } from '../ui/StatusMessage';
import { LoadFailure } from '../ui/LoadFailure';

type MeRef = ActorRefFrom<typeof meMachine>;

// The shell: a fixed 16rem sidebar with the product title and its entries (the current one
// highlighted, nested screens under their section), the top bar with the user menu, and the main area.
// The screens show once the server has said who is signed in and as what (they read the role to
// offer only what it may do); admins see Accounts and Audit too; a sign-in with no role gets a sentence
// saying so instead of screens whose every call would be refused.
export function Shell({ children }: { children: ReactNode }) {
  const me = useSelector(useAuthActor(), selectMeActor);
  return me ? (
    <SignedInShell me={me}>{children}</SignedInShell>
  ) : (
    <Frame role={null}>
      <StatusMessage>Loading...</StatusMessage>
    </Frame>
  );
}

function SignedInShell({ me, children }: { me: MeRef; children: ReactNode }) {
  const view = useSelector(me, selectMeView);
  const known = useSelector(me, selectMe);
  const error = useSelector(me, selectMeError);
  const role = known?.role ?? null;
  return (
    <Frame role={role}>
      {view === 'loading' ? (
        <StatusMessage>Loading...</StatusMessage>
      ) : view === 'failed' ? (
        <LoadFailure className={styles.notice} onRetry={() => me.send({ type: 'user.retry' })}>
          Could not find out who is signed in. {error}
        </LoadFailure>
      ) : role === null ? (
        <p className={`${errorMessage} ${styles.notice}`} role="alert">
          {noRoleMessage(known?.name ?? '')}
        </p>
      ) : (
        <RoleContext.Provider value={role}>{children}</RoleContext.Provider>
      )}
    </Frame>
  );
}

function Frame({ role, children }: { role: Role | null; children: ReactNode }) {
  const [path] = useLocation();
  const current = currentEntry(path);
  return (
    <div className={styles.shell}>
      <nav className={styles.sidebar} aria-label="Main">
        {/* The product title is the shell's level-1 heading; each screen adds its own. */}
        <h1 className={styles.productTitle}>Search Evaluation Console</h1>
        <ul className={styles.navList}>
          {navigationFor(role).map(({ label, href }) => (
            <li key={href}>
              <Link href={href} className={styles.navLink} aria-current={current === href ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TopBar />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
