import type { Role } from '../shell/roles';

// What someone who is not an admin reads on a page for admins (the address still opens it), in
// place of anything the server would refuse with a 403. src/domain/shell/roles.ts says who may open it.

/** "Only admins can manage accounts. You are signed in as a curator." */
export const adminOnlyMessage = (doing: string, role: Role): string =>
  `Only admins can ${doing}. You are signed in as ${role === 'admin' ? 'an' : 'a'} ${role}.`;
