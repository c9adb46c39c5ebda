import type { Queryable } from './database';

export type DatabaseState = 'ok' | 'timeout' | 'unreachable';

/** Whether the database answers `SELECT 1` within `timeoutMs`; never throws, never waits longer. */
export async function checkDatabase(db: Queryable, timeoutMs: number): Promise<DatabaseState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DatabaseState>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const answer = db.query('SELECT 1').then(
    (): DatabaseState => 'ok',
    (): DatabaseState => 'unreachable',
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
