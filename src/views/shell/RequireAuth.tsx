import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { selectAccess } from '../../machines/shell/auth.selectors';
import { useAuthActor } from './auth-actor-context';
import { StatusMessage } from '../ui/StatusMessage';

// Every route but /login needs a signed-in user; 'Loading...' while that is not yet known.
export function RequireAuth({ children }: { children: ReactNode }) {
  const access = useSelector(useAuthActor(), selectAccess);
  if (access === 'pending') return <StatusMessage>Loading...</StatusMessage>;
  if (access === 'signingOut') return <StatusMessage>Logging out...</StatusMessage>;
  if (access === 'signedOut') return <Redirect to="/login" replace />;
  return children;
}
