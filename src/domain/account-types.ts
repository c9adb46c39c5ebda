import type { Static } from 'typebox';
import type { MeSchema } from '../../server/schemas/audit';
import type { Role } from '../../server/schemas/roles';

// Issue 17's accounts and roles as the console reads them: the API's shapes from server/schemas (types only).

export type { Account, NewAccount } from '../../server/schemas/accounts';
export type { Role } from '../../server/schemas/roles';

/** GET me: who the token is for, the role (null: the token maps to none), whether accounts live here. */
export type SignedInUser = Static<typeof MeSchema>;

/** The roles from least to most, as a select offers them (server/schemas/roles.ts has them as values). */
export const ROLES = ['viewer', 'curator', 'admin'] as const satisfies readonly Role[];

/** A select's value as a role; anything else is none. */
export const roleOf = (value: string): Role | null => ROLES.find((role) => role === value) ?? null;
