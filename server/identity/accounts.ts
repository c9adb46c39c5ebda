import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { revokeAccountOidcPayloads } from './oidc-adapter';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import type { Role } from '../auth/roles';

export class AccountError extends Error {}

export const MIN_PASSWORD_LENGTH = 8;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

export function checkUsername(username: string): string {
  if (!USERNAME.test(username)) {
    throw new AccountError('A username is 1-64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit');
  }
  return username;
}

function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AccountError(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  return password;
}

/** Adds an account with `role`; the first account there is becomes an admin whatever was asked. */
export async function addAccount(db: Queryable, username: string, password: string, role: Role = 'viewer'): Promise<void> {
  const hash = await hashPassword(checkPassword(password));
  const { rowCount } = await db.query(
    `INSERT INTO accounts (username, password_hash, role)
     SELECT $1, $2, CASE WHEN EXISTS (SELECT 1 FROM accounts) THEN $3 ELSE 'admin' END
     ON CONFLICT (username) DO NOTHING`,
    [checkUsername(username), hash, role],
  );
  if (rowCount === 0) throw new AccountError(`An account named "${username}" already exists`);
}

export async function setPassword(db: Queryable, username: string, password: string): Promise<void> {
  const hash = await hashPassword(checkPassword(password));
  const { rowCount } = await db.query('UPDATE accounts SET password_hash = $2, updated_at = now() WHERE username = $1', [username, hash]);
  if (rowCount === 0) throw new AccountError(`No account named "${username}"`);
  // Whoever knew the old password may hold a session or refresh token: they end with it.
  await revokeAccountOidcPayloads(db, username);
}

export async function removeAccount(db: Queryable, username: string): Promise<void> {
  const { rowCount } = await db.query('DELETE FROM accounts WHERE username = $1', [username]);
  if (rowCount === 0) throw new AccountError(`No account named "${username}"`);
  // Otherwise a later account of the same name would inherit the sessions.
  await revokeAccountOidcPayloads(db, username);
}

export async function listAccounts(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ username: string }>('SELECT username FROM accounts ORDER BY username');
  return rows.map((row) => row.username);
}

export async function accountExists(db: Queryable, username: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM accounts WHERE username = $1', [username]);
  return rows.length > 0;
}

/** The account's username when the password matches; the same time is spent for unknown users. */
export async function checkLogin(db: Queryable, username: string, password: string): Promise<string | undefined> {
  const { rows } = await db.query<{ username: string; password_hash: string }>(
    'SELECT username, password_hash FROM accounts WHERE username = $1',
    [username],
  );
  const matches = await verifyPassword(password, rows[0]?.password_hash ?? (await decoyHash()));
  return rows.length > 0 && matches ? rows[0].username : undefined;
}

/**
 * On a first start with no account, creates `admin` with the given password or a random one,
 * which it returns so the caller can print it once.
 */
export async function ensureInitialAdmin(
  db: Queryable,
  password: string | undefined,
): Promise<{ created: false } | { created: true; generatedPassword?: string }> {
  const { rows } = await db.query('SELECT 1 FROM accounts LIMIT 1');
  if (rows.length > 0) return { created: false };
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  await addAccount(db, 'admin', password ?? generated!, 'admin');
  return { created: true, generatedPassword: generated };
}
