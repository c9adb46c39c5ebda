import { FetchError } from 'ofetch';
import { InvalidInputError, messageOf, RefusalError } from '../domain/shared/error-message';

// Both APIs' calls fail with what a person can read: the server's own message (e.g. a duplicate name's 409),
// else its status, else that it could not be reached. The API client explains every failure this way once, so
// the services hand their calls' failures on as they are, and machines show them as they are.

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

/**
 * The call's answer, or the server's failure as an Error with the failure's message (a 409 as a RefusalError,
 * which asking again cannot change), what ofetch raised as its cause. A failure that is not the server's
 * answer (a token that could not be renewed) already says what happened, and goes on as it is.
 */
export async function explained<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    if (error.statusCode === 409) throw new RefusalError(failureMessage(error), { cause: error });
    throw new Error(failureMessage(error), { cause: error });
  }
}

/** What ofetch raised for a failed call, explained or not; undefined when the failure is not the server's answer. */
function fetchErrorOf(error: unknown): FetchError | undefined {
  if (error instanceof FetchError) return error;
  return error instanceof Error && error.cause instanceof FetchError ? error.cause : undefined;
}

/** The status the server answered a failed call with; undefined when it was not reached. */
export function statusOf(error: unknown): number | undefined {
  return fetchErrorOf(error)?.statusCode;
}

/** The call's answer, or null when the server has no such record (404); other failures as they came. */
export async function foundOrNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/** A form's call: a 400 becomes the server's sentences with their details, for the form to put beside its fields. */
export async function validated<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const fetched = fetchErrorOf(error);
    if (fetched?.statusCode !== 400) throw error;
    const data = fetched.data as { details?: { problems?: unknown } } | undefined;
    throw new InvalidInputError(failureMessage(fetched), data?.details);
  }
}

/**
 * The failure as ofetch raised it (method, address, status), for the lists whose message shows the fetch error
 * itself: the product specification shows an experiments list's failure as 'Failed to fetch experiments… Error: '
 * and that error.
 */
export function asFetched(error: unknown): never {
  throw fetchErrorOf(error) ?? error;
}
