import { HttpError } from '../errors';

/** SQLSTATE codes the API turns into client errors when a route did not handle them itself. */
const clientErrors: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'That record already exists' },
  '23503': { status: 422, message: 'A referenced record does not exist' },
  '23514': { status: 400, message: 'A value breaks a rule of the data' },
  // The database aborted this transaction so that a concurrent one could finish: sending it again works.
  '40001': { status: 409, message: 'Another change to the same data was saved at the same moment; try again' },
  '40P01': { status: 409, message: 'Another change to the same data was saved at the same moment; try again' },
};

/** pg-pool's message when no connection came free (or none could be made) within connectionTimeoutMillis. */
const POOL_WAIT_TIMED_OUT = 'timeout exceeded when trying to connect';

export function translateDatabaseError(error: unknown): HttpError | undefined {
  // Overload is not the request's fault, nor a defect: the client should come back shortly.
  if ((error as Error)?.message === POOL_WAIT_TIMED_OUT) {
    return new HttpError(503, 'The database is busy (every connection in use for 10 s); try again in a few seconds');
  }
  const code = (error as { code?: unknown })?.code;
  const known = typeof code === 'string' ? clientErrors[code] : undefined;
  return known && new HttpError(known.status, known.message);
}

export const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';
export const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown })?.code === '23503';
