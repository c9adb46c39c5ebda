/**
 * API keys: made, listed and revoked, each change with its audit row. Anyone signed in makes their own keys up
 * to their own role; an admin also makes service keys (viewer or curator), which outlive the person. Revoking
 * keeps the row (the audit trail's key stays explained) and refuses the key from the next request on.
 */
import type { Actor } from '../auth/actor';
import { newApiKey } from '../auth/api-key-secrets';
import { hasRole } from '../auth/roles';
import { recordAudit } from '../audit/audit-trail';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { ApiKey, CreatedApiKey, NewApiKey } from '../schemas/api-keys';

const COLUMNS = 'id, prefix, name, role, owner_name AS owner, service, created_at, expires_at, last_used_at';
/** 2026-12-31, 2026-12-31T23:59, 2026-12-31T23:59:59.999Z, 2026-12-31T23:59:59+01:00. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
/** A new prefix collides once in 2^48 draws; a few tries make a failure all but impossible. */
const PREFIX_TRIES = 3;

type KeyRow = Omit<ApiKey, 'created_at' | 'expires_at' | 'last_used_at'> & {
  created_at: string | Date;
  expires_at: string | Date | null;
  last_used_at: string | Date | null;
};

const iso = (time: string | Date | null) => (time === null ? null : new Date(time).toISOString());
const shaped = (row: KeyRow): ApiKey => ({
  ...row,
  id: Number(row.id),
  created_at: iso(row.created_at)!,
  expires_at: iso(row.expires_at),
  last_used_at: iso(row.last_used_at),
});

/** The expiry as an ISO time in the future, or a 400 naming the field. */
function checkedExpiry(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const time = ISO_TIME.test(value.trim()) ? new Date(value.trim()) : undefined;
  if (!time || Number.isNaN(time.getTime())) {
    throw new HttpError(400, 'body.expires_at must be a date and time (ISO 8601), such as 2026-12-31T23:59:59Z');
  }
  if (time.getTime() <= Date.now()) throw new HttpError(400, 'body.expires_at must be in the future');
  return time.toISOString();
}

/** Why the actor may not make this key, if they may not. */
function refusal(actor: Actor, role: NewApiKey['role'], service: boolean): string | undefined {
  if (service && actor.role !== 'admin') return 'Only an admin may make a service key';
  if (!service && !hasRole(actor.role, role)) {
    return `A personal key has at most its owner's role: you are ${actor.role === null ? 'without a role' : `a ${actor.role}`}, not a ${role}`;
  }
  return undefined;
}

/** Makes a key for the actor; the answer is the only place its secret ever appears. */
export async function createApiKey(db: Database, actor: Actor, input: NewApiKey): Promise<CreatedApiKey> {
  const name = input.name.trim();
  if (name === '') throw new HttpError(400, 'body.name must not be blank');
  const service = input.service ?? false;
  const denied = refusal(actor, input.role, service);
  if (denied) throw new HttpError(403, denied);
  if (service && input.role === 'admin') throw new HttpError(400, 'body.role: a service key is a viewer or a curator');
  const expiresAt = checkedExpiry(input.expires_at);
  return db.transaction(async (tx) => {
    for (let attempt = 1; ; attempt++) {
      const { key, prefix, hash } = newApiKey();
      // The embedded provider's account of the owner (none with an external provider), so the key stops with it.
      const { rows } = await tx.query<KeyRow>(
        `INSERT INTO api_keys (prefix, secret_hash, name, role, service, owner_sub, owner_name, owner_account_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT id FROM accounts WHERE username = $6), $8)
         ON CONFLICT (prefix) DO NOTHING RETURNING ${COLUMNS}`,
        [prefix, hash, name, input.role, service, actor.sub, actor.name, expiresAt],
      );
      if (rows.length === 0 && attempt < PREFIX_TRIES) continue;
      if (rows.length === 0) throw new Error('could not draw an unused API key prefix');
      const created = shaped(rows[0]);
      const expiry = expiresAt ? `, expires ${expiresAt}` : '';
      await recordAudit(tx, actor, {
        action: 'api_key.create',
        target_type: 'api_key',
        target_id: created.id,
        summary: `${service ? 'service' : 'personal'} key "${name}" ${prefix}, role ${input.role}${expiry}`,
      });
      return { ...created, secret: key };
    }
  });
}

/** A page of the keys not revoked, newest first: every key for an admin, one's own for anyone else. */
export async function apiKeyPage(db: Queryable, actor: Actor, [limit, offset]: number[]): Promise<{ count: number; results: ApiKey[] }> {
  const everyone = actor.role === 'admin';
  const mine = 'revoked_at IS NULL AND ($1 OR owner_sub = $2)';
  const [page, total] = await Promise.all([
    db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE ${mine} ORDER BY id DESC LIMIT $3 OFFSET $4`, [
      everyone,
      actor.sub,
      limit,
      offset,
    ]),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM api_keys WHERE ${mine}`, [everyone, actor.sub]),
  ]);
  return { count: Number(total.rows[0].count), results: page.rows.map(shaped) };
}

/** Revokes the key at once; an admin any key, anyone else only their own (another's reads as unknown). */
export async function revokeApiKey(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; prefix: string; owner_name: string }>(
      `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL AND ($2 OR owner_sub = $3)
       RETURNING name, prefix, owner_name`,
      [id, actor.role === 'admin', actor.sub],
    );
    if (rows.length === 0) throw new HttpError(404, `No API key ${id}`);
    const [key] = rows;
    await recordAudit(tx, actor, {
      action: 'api_key.revoke',
      target_type: 'api_key',
      target_id: id,
      summary: `key "${key.name}" ${key.prefix} of ${key.owner_name}`,
    });
  });
}

/** Revokes the personal keys of an account being removed, on its transaction; how many there were. */
export async function revokeAccountKeys(tx: Queryable, username: string): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE api_keys SET revoked_at = now()
     WHERE owner_account_id = (SELECT id FROM accounts WHERE username = $1) AND NOT service AND revoked_at IS NULL`,
    [username],
  );
  return rowCount ?? 0;
}
