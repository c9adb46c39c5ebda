import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { Actor } from './actor';
import { apiKeyMatches } from './api-key-secrets';
import { ROLES, type Role } from './roles';

// The bearer check of a value shaped like an API key: found by its prefix, proven by its hash, refused when
// revoked, expired or (a personal key of the embedded provider) when its owner's account is gone. A personal
// key does no more than its owner may now: an owner demoted to viewer holds a viewer's key until promoted
// again. With an external provider there is no account here to consult, so a personal key keeps its role
// and works until revoked or expired: remove a leaver's keys on the API keys page.

type KeyRow = {
  id: number;
  secret_hash: string;
  name: string;
  role: Role;
  service: boolean;
  owner_name: string;
  expired: boolean;
  revoked: boolean;
  stale: boolean;
  owner_role: Role | null;
};

const refused = (message: string) => new HttpError(401, message);

/** The lower of the two roles. */
const lowerRole = (a: Role, b: Role): Role => (ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b);

/** What the audit trail calls a key's caller: the key's name, and whose it is. */
const keyActorName = (key: { name: string; service: boolean; owner_name: string }) =>
  `${key.service ? 'service key' : 'key'} "${key.name}" (${key.owner_name})`;

export type ApiKeyCheck = (key: string, prefix: string) => Promise<Actor>;

/**
 * Checks keys against `db`; `localAccounts`: the embedded provider keeps the accounts, whose removal stops
 * their personal keys and whose role caps them. `failedUse` hears a last-used time that could not be written.
 */
export function createApiKeyCheck(db: Queryable, localAccounts: boolean, failedUse: (error: unknown) => void): ApiKeyCheck {
  return async (key, prefix) => {
    const { rows } = await db.query<KeyRow>(
      `SELECT k.id, k.secret_hash, k.name, k.role, k.service, k.owner_name,
              (k.expires_at IS NOT NULL AND k.expires_at <= now()) AS expired,
              (k.revoked_at IS NOT NULL) AS revoked,
              (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute') AS stale,
              a.role AS owner_role
       FROM api_keys k LEFT JOIN accounts a ON a.id = k.owner_account_id
       WHERE k.prefix = $1`,
      [prefix],
    );
    const row = rows[0];
    // An unknown prefix and a wrong secret read alike: the answer tells nothing about which keys exist.
    if (!row || !apiKeyMatches(key, row.secret_hash)) throw refused('Invalid API key');
    if (row.revoked) throw refused('API key revoked');
    if (row.expired) throw refused('API key expired');
    let role = row.role;
    if (!row.service && localAccounts) {
      if (row.owner_role === null) throw refused("API key's owner no longer has an account");
      role = lowerRole(role, row.owner_role);
    }
    // At most once a minute per key: a busy script does not write on every call.
    if (row.stale) {
      await db
        .query(
          `UPDATE api_keys SET last_used_at = now()
           WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
          [row.id],
        )
        .catch(failedUse);
    }
    return { sub: `apikey:${row.id}`, name: keyActorName(row), role, key: { id: Number(row.id) } };
  };
}
