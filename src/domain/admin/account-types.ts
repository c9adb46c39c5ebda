import type { Role } from '../../../server/schemas/roles';

// The embedded provider's accounts as the console reads them: the API's shapes from server/schemas (types only). Who is
// signed in, and what each role may do, is src/domain/shell/roles.ts.

export type { Account, NewAccount } from '../../../server/schemas/accounts';
export type { Role } from '../../../server/schemas/roles';

/** The roles from least to most, as a select offers them (server/schemas/roles.ts has them as values). */
export const ROLES = ['viewer', 'curator', 'admin'] as const satisfies readonly Role[];

/** A select's value as a role; anything else is none. */
export const roleOf = (value: string): Role | null => ROLES.find((role) => role === value) ?? null;
