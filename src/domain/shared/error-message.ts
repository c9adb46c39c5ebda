/** What a person reads when a failure carries no message of its own. */
const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** A refusal that asking again cannot change (the server's 409, e.g. a dataset that experiments use). */
export class RefusalError extends Error {}

/** The message of what a service threw, for a machine's context; `fallback` when it has none. */
export function messageOf(error: unknown, fallback: string = FALLBACK_ERROR_MESSAGE): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The server's 400 for a form: its message and details (the problems of a search target), to put beside fields. */
export class InvalidInputError extends Error {
  constructor(
    message: string,
    readonly details?: { problems?: unknown },
  ) {
    super(message);
  }
}
