import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database';

/** Models whose rows are removed together when their grant is revoked. */
const grantable = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** oidc-provider's storage on our database: one table, one row per stored artefact. */
export function createOidcAdapterClass(db: Queryable) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await db.query(
        `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          grantable.has(this.model) ? (payload.grantId ?? null) : null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ?? null,
        ],
      );
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<{ payload: AdapterPayload; consumed_at: string | null }>(
        `SELECT payload, consumed_at FROM oidc_payloads
         WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      if (rows.length === 0) return undefined;
      const { payload, consumed_at: consumedAt } = rows[0];
      return consumedAt ? { ...payload, consumed: Math.floor(Date.parse(consumedAt) / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query('UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    }
  };
}

/**
 * Ends everything an account signed in to: its sessions, grants and tokens (refresh tokens included), so a
 * changed password or a removed account leaves no way in with what was issued before. Access tokens are
 * JWTs, not stored here: the API refuses them by their account (embedded-identity.ts).
 */
export async function revokeAccountOidcPayloads(db: Queryable, accountId: string): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM oidc_payloads WHERE payload->>'accountId' = $1", [accountId]);
  return rowCount;
}

/** Expired artefacts are never read again; this keeps the table small. */
export async function deleteExpiredOidcPayloads(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM oidc_payloads WHERE expires_at < now()');
  return rowCount;
}
