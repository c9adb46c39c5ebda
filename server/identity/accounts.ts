/**
 * Local accounts of the embedded provider: each has a role; every change is written with its
 * audit row in one transaction, and none may leave the console without an admin. That check locks every
 * admin's row first, so two admins demoting (or removing) each other at the same moment cannot both pass it.
 */
import { randomBytes } from 'node:crypto';
import type { Actor } from '../auth/actor';
import type { Role } from '../auth/roles';
import { recordAudit } from '../audit/audit-trail';
import { revokeAccountKeys } from '../api-keys/api-keys';
import type { Database, Queryable } from '../db/database';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../schemas/accounts';
import { revokeAccountOidcPayloads } from './oidc-adapter';
import { decoyHash, hashPassword, verifyPassword } from './passwords';

/** A refused account change; `status` is what the API answers (400 bad input, 404 unknown, 409 conflict). */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export type Account = { username: string; role: Role; created_at: string; updated_at: string };
/** Who makes a change, as the audit trail names them. */
export type Changer = Pick<Actor, 'sub' | 'name'>;

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const USERNAME_RULE = '1-64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit';
const COLUMNS = 'username, role, created_at, updated_at';

export const isUsername = (username: string) => USERNAME.test(username);

function checkUsername(username: string): string {
  if (!isUsername(username)) throw new AccountError(`A username is ${USERNAME_RULE}`);
  return username;
}

function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AccountError(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) throw new AccountError(`A password has at most ${MAX_PASSWORD_LENGTH} characters`);
  return password;
}

const noAccount = (username: string) => new AccountError(`No account named "${username}"`, 404);
const lastAdmin = (username: string) => new AccountError(`"${username}" is the last admin: make another account admin first`, 409);

/** Adds an account with `role`; the first account there is becomes an admin whatever was asked. */
export async function addAccount(db: Database, by: Changer, username: string, password: string, role: Role = 'viewer'): Promise<Account> {
  checkUsername(username);
  const hash = await hashPassword(checkPassword(password));
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Account>(
      `INSERT INTO accounts (username, password_hash, role)
       SELECT $1, $2, CASE WHEN EXISTS (SELECT 1 FROM accounts) THEN $3 ELSE 'admin' END
       ON CONFLICT (username) DO NOTHING RETURNING ${COLUMNS}`,
      [username, hash, role],
    );
    if (rows.length === 0) throw new AccountError(`An account named "${username}" already exists`, 409);
    await recordAudit(tx, by, { action: 'account.create', target_type: 'account', target_id: username, summary: `role ${rows[0].role}` });
    return rows[0];
  });
}

/**
 * Locks every admin's row, then the account's, and reads it (after the locks: a change committed while this
 * waited is seen). Undefined for an unknown account.
 */
async function lockForChange(tx: Queryable, username: string): Promise<{ account?: Account; admins: number }> {
  const admins = await tx.query("SELECT 1 FROM accounts WHERE role = 'admin' ORDER BY id FOR UPDATE");
  const { rows } = await tx.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE username = $1 FOR UPDATE`, [username]);
  return { account: rows[0], admins: admins.rows.length };
}

/** Gives the account another role (the one it had is `previous`); refused for the last admin, unless it stays one. */
export async function setRole(db: Database, by: Changer, username: string, role: Role): Promise<{ account: Account; previous: Role }> {
  return db.transaction(async (tx) => {
    const { account, admins } = await lockForChange(tx, username);
    if (!account) throw noAccount(username);
    if (account.role === role) return { account, previous: role };
    if (account.role === 'admin' && admins <= 1) throw lastAdmin(username);
    const { rows } = await tx.query<Account>(`UPDATE accounts SET role = $2, updated_at = now() WHERE username = $1 RETURNING ${COLUMNS}`, [
      username,
      role,
    ]);
    await recordAudit(tx, by, {
      action: 'account.role',
      target_type: 'account',
      target_id: username,
      summary: `${account.role} → ${role}`,
    });
    return { account: rows[0], previous: account.role };
  });
}

/**
 * Sets a new password and ends every session, refresh token and access token of the account: whoever knew
 * the old password may hold one. `action`: an admin's reset, or the account's own change.
 */
export async function setPassword(
  db: Database,
  by: Changer,
  username: string,
  password: string,
  action: 'account.password_reset' | 'account.password' = 'account.password_reset',
): Promise<void> {
  const hash = await hashPassword(checkPassword(password));
  await db.transaction(async (tx) => {
    // A new generation: access tokens issued under the old password are refused from now on (embedded-identity.ts).
    const { rowCount } = await tx.query(
      'UPDATE accounts SET password_hash = $2, credential_generation = credential_generation + 1, updated_at = now() WHERE username = $1',
      [username, hash],
    );
    if (rowCount === 0) throw noAccount(username);
    await revokeAccountOidcPayloads(tx, username);
    await recordAudit(tx, by, { action, target_type: 'account', target_id: username, summary: '' });
  });
}

/** Removes the account, ends its sessions and refresh tokens and revokes its personal API keys; refused for the last admin. */
export async function removeAccount(db: Database, by: Changer, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { account, admins } = await lockForChange(tx, username);
    if (!account) throw noAccount(username);
    if (account.role === 'admin' && admins <= 1) throw lastAdmin(username);
    const keys = await revokeAccountKeys(tx, username);
    await tx.query('DELETE FROM accounts WHERE username = $1', [username]);
    // Otherwise a later account of the same name would inherit the sessions.
    await revokeAccountOidcPayloads(tx, username);
    const summary = keys === 0 ? '' : `${keys} API key${keys === 1 ? '' : 's'} revoked`;
    await recordAudit(tx, by, { action: 'account.remove', target_type: 'account', target_id: username, summary });
  });
}

/** A page of the accounts by username, those whose name contains `search` (ignoring case) when given. */
export async function accountPage(
  db: Queryable,
  search: string | null,
  [limit, offset]: number[],
): Promise<{ count: number; results: Account[] }> {
  const matches = '($1::text IS NULL OR strpos(lower(username), lower($1)) > 0)';
  const [page, total] = await Promise.all([
    db.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE ${matches} ORDER BY username LIMIT $2 OFFSET $3`, [search, limit, offset]),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM accounts WHERE ${matches}`, [search]),
  ]);
  return { count: total.rows[0].count, results: page.rows };
}

/** Every account with its role, by username. */
export async function listAccounts(db: Queryable): Promise<Pick<Account, 'username' | 'role'>[]> {
  const { rows } = await db.query<Pick<Account, 'username' | 'role'>>('SELECT username, role FROM accounts ORDER BY username');
  return rows;
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

/** The server itself, in the audit trail, for the account it makes on a first start. */
const FIRST_START: Changer = { sub: 'server', name: 'first start' };

/**
 * On a first start with no account, creates `admin` with the given password or a random one,
 * which it returns so the caller can print it once.
 */
export async function ensureInitialAdmin(
  db: Database,
  password: string | undefined,
): Promise<{ created: false } | { created: true; generatedPassword?: string }> {
  const { rows } = await db.query('SELECT 1 FROM accounts LIMIT 1');
  if (rows.length > 0) return { created: false };
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  await addAccount(db, FIRST_START, 'admin', password ?? generated!, 'admin');
  return { created: true, generatedPassword: generated };
}
