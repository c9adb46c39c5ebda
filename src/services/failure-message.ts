import { FetchError } from 'ofetch';
import { messageOf, RefusalError } from '../domain/shared/error-message';
import { UploadError } from './upload-csv';

// Both APIs' calls fail with what a person can read: the server's own message (e.g. a duplicate name's 409),
// else its status, else that it could not be reached. Machines show it as it is.

/** What a failed call says to a person: the server's message when it sent one. */
export function failureMessage(error: unknown): string {
  if (error instanceof FetchError) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message !== '') return data.message;
    if (error.statusCode) return `The server answered ${error.statusCode} ${error.statusText ?? ''}`.trim();
    return 'The server could not be reached. Please try again.';
  }
  return messageOf(error);
}

/** The call's answer, or its failure as an Error with the failure's message (the original as its cause). */
export async function explained<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    // An upload's refusal already says what the server said, and carries its row-level problems.
    if (error instanceof UploadError) throw error;
    if (error instanceof FetchError && error.statusCode === 409) throw new RefusalError(failureMessage(error), { cause: error });
    throw new Error(failureMessage(error), { cause: error });
  }
}

/** The call's answer, or null when the server has no such record (404); other failures explained. */
export async function foundOrNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof FetchError && error.statusCode === 404) return null;
    throw new Error(failureMessage(error), { cause: error });
  }
}
