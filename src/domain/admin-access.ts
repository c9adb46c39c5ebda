import type { Role, SignedInUser } from './account-types';

// Issue 17: what a person who is not an admin reads on a page for admins, instead of the server's 403.

export const isAdmin = (user: SignedInUser): boolean => user.role === 'admin';

/** "Only admins can manage accounts. You are signed in as a curator." */
export function adminOnlyMessage(doing: string, role: Role | null): string {
  const who = role === null ? 'Your sign-in carries no role in this console.' : `You are signed in as ${article(role)} ${role}.`;
  return `Only admins can ${doing}. ${who}`;
}

const article = (role: Role) => (role === 'admin' ? 'an' : 'a');
