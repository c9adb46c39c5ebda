import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { selectAccess } from '../machines/auth.selectors';
import { useAuthActor } from './auth-actor-context';
import { statusMessage } from './ui/status.css';

// Spec §2: every route but /login needs a signed-in user; 'Loading...' while that is not yet known.
export function RequireAuth({ children }: { children: ReactNode }) {
  const access = useSelector(useAuthActor(), selectAccess);
  if (access === 'pending') return <p className={statusMessage} role="status">Loading...</p>;
  if (access === 'signingOut') return <p className={statusMessage} role="status">Signing out...</p>;
  if (access === 'signedOut') return <Redirect to="/login" replace />;
  return children;
}
