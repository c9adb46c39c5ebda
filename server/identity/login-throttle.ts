/**
 * Counts failed sign-ins per (client address, username) and per client address in a fixed window, in the
 * database (login_failures), so that every server on it enforces one limit. An attempt is counted before
 * its password is checked, under the rows' locks: attempts made at the same moment, on any server, cannot
 * slip past the limit together. A successful one is taken back (it clears the username's count).
 */
import type { Database, Queryable } from '../db/database';

export interface LoginThrottleLimits {
  windowSeconds: number;
  maxPerUser: number;
  maxPerAddress: number;
}

/** Sign-in's limits, also those of a wrong current password when changing one's own (the same counts). */
const SIGN_IN_LIMITS: LoginThrottleLimits = { windowSeconds: 15 * 60, maxPerUser: 5, maxPerAddress: 50 };

const userKey = (address: string, username: string) => `user:${address}|${username.toLowerCase()}`;
const addressKey = (address: string) => `addr:${address}`;

export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly limits: LoginThrottleLimits = SIGN_IN_LIMITS,
  ) {}

  /**
   * Counts one attempt. Milliseconds until another is allowed when a limit is reached (then nothing is
   * counted and the password must not be checked), else 0.
   */
  attempt(address: string, username: string): Promise<number> {
    const { windowSeconds, maxPerUser, maxPerAddress } = this.limits;
    const limits = new Map([
      [userKey(address, username), maxPerUser],
      [addressKey(address), maxPerAddress],
    ]);
    const keys = [...limits.keys()];
    return this.db.transaction(async (tx) => {
      // Locks both rows (made when missing; a window that has run out starts again), always in this order.
      const { rows } = await tx.query<{ key: string; failures: number; wait_ms: number }>(
        `INSERT INTO login_failures AS f (key, failures, window_started_at) VALUES ($1, 0, now()), ($2, 0, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN f.window_started_at > now() - make_interval(secs => $3::int) THEN f.failures ELSE 0 END,
           window_started_at = CASE WHEN f.window_started_at > now() - make_interval(secs => $3::int)
             THEN f.window_started_at ELSE now() END
         RETURNING key, failures,
           ceil(extract(epoch FROM f.window_started_at + make_interval(secs => $3::int) - now()) * 1000)::int AS wait_ms`,
        [...keys, windowSeconds],
      );
      const waits = rows.filter((row) => row.failures >= limits.get(row.key)!).map((row) => Math.max(row.wait_ms, 1));
      if (waits.length > 0) return Math.max(...waits);
      await tx.query('UPDATE login_failures SET failures = failures + 1 WHERE key = ANY($1::text[])', [keys]);
      return 0;
    });
  }

  /** The attempt succeeded: the username starts afresh, and the address's count no longer holds it. */
  async succeeded(address: string, username: string): Promise<void> {
    await this.db.query(
      `WITH cleared AS (DELETE FROM login_failures WHERE key = $1)
       UPDATE login_failures SET failures = greatest(failures - 1, 0) WHERE key = $2`,
      [userKey(address, username), addressKey(address)],
    );
  }
}

/** Windows that have run out are never read again; this keeps the table small. */
export async function deleteExpiredLoginFailures(db: Queryable, windowSeconds = SIGN_IN_LIMITS.windowSeconds): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM login_failures WHERE window_started_at <= now() - make_interval(secs => $1::int)', [
    windowSeconds,
  ]);
  return rowCount;
}
