import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../machines/shell/auth.machine';

// The running auth actor, created in providers.ts (or by a test) and handed down by App.
export type AuthActorRef = ActorRefFrom<typeof authMachine>;

export const AuthActorContext = createContext<AuthActorRef | null>(null);

export function useAuthActor(): AuthActorRef {
  const actor = useContext(AuthActorContext);
  if (!actor) throw new Error('useAuthActor needs an AuthActorContext provider (see App.tsx)');
  return actor;
}
