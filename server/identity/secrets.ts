import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/database';
import { ADVISORY_LOCKS } from '../db/advisory-locks';

const SECRETS_LOCK = ADVISORY_LOCKS.providerSecrets;

/** Reads a secret, creating it once (several servers may start together on one PostgreSQL). */
async function secret<T>(db: Database, name: string, create: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SECRETS_LOCK]);
    const { rows } = await tx.query<{ value: T }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
    if (rows.length > 0) return rows[0].value;
    const value = await create();
    await tx.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2::jsonb)', [name, JSON.stringify(value)]);
    return value;
  });
}

export interface ProviderSecrets {
  /** Private signing keys (JWK with private parts), newest first. */
  signingKeys: JWK[];
  cookieKeys: string[];
}

export async function loadProviderSecrets(db: Database): Promise<ProviderSecrets> {
  const signingKey = await secret(db, 'oidc_signing_key_rs256', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('base64url') };
  });
  const cookieKeys = await secret(db, 'oidc_cookie_keys', async () => [randomBytes(32).toString('base64url')]);
  return { signingKeys: [signingKey], cookieKeys };
}
