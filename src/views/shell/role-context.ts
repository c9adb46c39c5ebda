import { createContext, useContext } from 'react';
import { can, refusal, type Action, type Role } from '../../domain/shell/roles';

// The signed-in person's role, which the shell provides (read from the me machine) once the server
// has said it; the screens render only then, so every control knows at once whether it may act.
export const RoleContext = createContext<Role | null>(null);

export function useRole(): Role {
  const role = useContext(RoleContext);
  if (!role) throw new Error('useRole needs a RoleContext provider with a role (see Shell.tsx)');
  return role;
}

/** Whether the signed-in person may do `action`. */
export const useCan = (action: Action): boolean => can(useRole(), action);

/** Why the signed-in person may not do `action`, or null when they may. */
export const useRefusal = (action: Action): string | null => refusal(useRole(), action);
