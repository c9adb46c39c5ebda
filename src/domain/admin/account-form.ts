import type { Account } from './account-types';

// The admin pages' account forms: what makes them ready to send, and which of two copies of an account is the
// server's latest. The server checks again and names the field it refuses (the username's pattern, a taken name).

/** The embedded provider's shortest password (MIN_PASSWORD_LENGTH of server/schemas/accounts.ts, a value the console cannot import). */
export const MIN_PASSWORD_LENGTH = 8;

export const isPasswordLongEnough = (password: string): boolean => password.length >= MIN_PASSWORD_LENGTH;

/** A new account needs a username and a long enough password; the role always has a value. */
export const isNewAccountReady = (form: { username: string; password: string }): boolean =>
  form.username.trim() !== '' && isPasswordLongEnough(form.password);

/**
 * The account as the server last said: the listed row, or the answer of a role change made since, whichever
 * was updated later (a list fetched after the change already has it; one fetched before does not).
 */
export function latestAccount(listed: Account, changed: Account | undefined): Account {
  if (!changed || changed.username !== listed.username) return listed;
  return Date.parse(changed.updated_at) > Date.parse(listed.updated_at) ? changed : listed;
}
