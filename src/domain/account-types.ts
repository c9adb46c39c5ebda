import type { Static } from 'typebox';
import type { MeSchema } from '../../server/schemas/audit';

// Issue 17's accounts and roles as the console reads them. Who is signed in comes from server/schemas/audit
// (types only). The accounts API (/work/notes/accounts-api.md) is written here from its contract until
// server/schemas/accounts.ts exists; then these become re-exports of it.

/** GET me: who the token is for, the role (null: the token maps to none), whether accounts live here. */
export type SignedInUser = Static<typeof MeSchema>;

/** viewer: reads; curator: changes the data; admin: also accounts, scripts' cost and the audit trail. */
export type Role = NonNullable<SignedInUser['role']>;

/** The roles from least to most, as a select offers them. */
export const ROLES = ['viewer', 'curator', 'admin'] as const satisfies readonly Role[];

/** One account of the embedded provider. */
export type Account = { username: string; role: Role; created_at: string; updated_at: string };

/** POST accounts/'s body. */
export type NewAccount = { username: string; password: string; role: Role };

/** A select's value as a role; anything else is none. */
export const roleOf = (value: string): Role | null => ROLES.find((role) => role === value) ?? null;
