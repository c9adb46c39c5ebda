/**
 * A slice that throws (the database refused a batch, a connection dropped) is tried again, since the
 * cause may pass; one that fails this many times in a row fails its run instead of retrying forever,
 * with the last error for the console to show.
 */
import type { Database } from '../db/database';
import { failRunWith, type RunEndListeners } from './process-run';

export const SLICE_TRIES = 5;

function sliceFailureMessage(tries: number, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The run stopped: its work failed ${tries} times in a row. The last error: ${reason}`;
}

/** After a slice's `tries`-th failure in a row: fails the run at the limit. True when the run is no longer to be retried. */
export async function afterSliceFailure(
  db: Database,
  runId: number,
  tries: number,
  error: unknown,
  listeners?: RunEndListeners,
): Promise<boolean> {
  if (tries < SLICE_TRIES) return false;
  await failRunWith(db, runId, sliceFailureMessage(tries, error), listeners);
  return true;
}
