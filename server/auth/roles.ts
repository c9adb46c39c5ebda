// The three roles, each allowed what the one before it is, and more: a viewer reads everything
// and changes nothing; a curator changes datasets, entries, golden sets, judgements and experiments and
// starts, cancels and rescores runs; an admin also manages accounts, scripts' cost and reads the audit trail.

import { ROLES, type Role } from '../schemas/roles';

export { ROLES, type Role };

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Whether someone with `role` (null: none) may do what needs `needed`. */
export const hasRole = (role: Role | null, needed: Role): boolean => role !== null && ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** The highest of the roles given, or null when there is none. */
export const highestRole = (roles: Iterable<Role>): Role | null =>
  [...roles].reduce<Role | null>((best, role) => (best === null || ROLES.indexOf(role) > ROLES.indexOf(best) ? role : best), null);

/** The 403's message: the role needed, and the caller's. */
export function roleRefusal(needed: Role, role: Role | null): string {
  if (role === null) return `This needs the ${needed} role, and your sign-in carries no role in this console: ask an admin for one`;
  return `This needs the ${needed} role; you are signed in as a ${role}`;
}
