/**
 * PostgreSQL ending a session (pg_terminate_backend, a restart, a failover) fails the queries that used it.
 * Ours are awaited and handled where they run; pg-boss 10 does not await the statement that completes or
 * fails a job after its handler (manager.js, `onFetch`), so a session lost at that moment would reject
 * with nobody listening, and Node would end the worker. That job is safe: left active, it expires and is
 * retried, and the run resumes where its results stop. So such a rejection is logged, not fatal.
 */

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: admin or crash shutdown). */
const LOST_CODE = /^(08|57P0[1-3])/;
const LOST_MESSAGE = /^Connection terminated|ECONNRESET|ECONNREFUSED|EPIPE/;

export function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && (LOST_CODE.test(code) || LOST_MESSAGE.test(code))) ||
    (typeof message === 'string' && LOST_MESSAGE.test(message))
  );
}

/** Any other unhandled rejection still ends the process, as Node's default does. */
export function surviveLostConnectionRejections(log: (message: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (!isConnectionLoss(reason)) throw reason;
    const { code, message } = reason as { code?: string; message?: string };
    log(`PostgreSQL connection lost during a queue update (${code ?? message}); its job will expire and be retried`);
  });
}
