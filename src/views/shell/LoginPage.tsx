import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { selectAccess, selectCanLogin, selectError, selectIsBusy } from '../../machines/shell/auth.selectors';
import { useAuthActor } from './auth-actor-context';
import * as styles from './LoginPage.css';
import { primaryButton } from '../ui/button.css';
import { StatusMessage } from '../ui/StatusMessage';

// /login: a centred card, 'Welcome 👋', one 'Log In' button that starts a redirect login with no options.
export function LoginPage() {
  const auth = useAuthActor();
  const access = useSelector(auth, selectAccess);
  const canLogin = useSelector(auth, selectCanLogin);
  const busy = useSelector(auth, selectIsBusy);
  const error = useSelector(auth, selectError);

  if (access === 'pending') return <StatusMessage>Loading...</StatusMessage>;
  if (access === 'signingOut') return <StatusMessage>Logging out...</StatusMessage>;
  // Once signed in, the console lands on the site origin (the dashboard).
  if (access === 'signedIn') return <Redirect to="/" replace />;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          Welcome 👋
        </h1>
        <p className={styles.lead}>
          Search Evaluation Console: curate test queries and judgements, run experiments, compare search quality.
        </p>
        <button
          type="button"
          className={primaryButton}
          disabled={!canLogin}
          aria-busy={busy}
          onClick={() => auth.send({ type: 'user.login' })}
        >
          Log In
        </button>
        {error && (
          <p className={styles.error} role="alert">
            {error.message}
            {error.detail && <span className={styles.errorDetail}>{error.detail}</span>}
          </p>
        )}
      </section>
    </main>
  );
}
