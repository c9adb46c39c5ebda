import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from './schemas/errors';

/** An error the client caused or must see: becomes `{ error, message, details? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string, id: number | string) => new HttpError(404, `${what} ${id} not found`);

/** The JSON body of every error answer. */
export function errorBody(statusCode: number, message: string, details?: unknown): ErrorBody {
  return {
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(details === undefined ? {} : { details }),
  };
}
