/**
 * The "Get started" checklist: which steps of a first evaluation rows a person made complete. Rows the demo
 * made (demo = true, migration 019) never tick a step. Each step is one EXISTS that stops at the first row it
 * finds, so the answer costs the same however large the tables grow; at most the demo's own rows are read
 * before a person's.
 */
import type { Queryable } from '../db/database';
import { GETTING_STARTED_STEPS, type GettingStarted, type GettingStartedStepKey } from '../schemas/getting-started';
import { NORMALISATION } from '../storage/normalised-query-keys';

// A finished run is one that succeeded: failed and cancelled runs have nothing to compare.
const STEPS_SQL = `SELECT
  EXISTS (SELECT 1 FROM dataset_entry_mappings m JOIN dataset_entries e ON e.id = m.dataset_entry_id WHERE NOT e.demo) AS queries,
  EXISTS (SELECT 1 FROM products WHERE NOT demo)
    OR EXISTS (SELECT 1 FROM experiments WHERE NOT demo AND config->'search_target'->>'kind' = 'http') AS catalogue,
  EXISTS (SELECT 1 FROM golden_sets WHERE NOT demo) AS golden_set,
  EXISTS (SELECT 1 FROM experiments WHERE NOT demo) AS experiment,
  EXISTS (SELECT 1 FROM experiment_runs WHERE NOT demo AND status = 'success') AS run,
  EXISTS (SELECT 1 FROM experiment_runs a WHERE NOT a.demo AND a.status = 'success'
    AND EXISTS (SELECT 1 FROM experiment_runs b
                WHERE b.experiment_id = a.experiment_id AND b.id <> a.id AND NOT b.demo AND b.status = 'success')) AS compare,
  -- Only a person's change writes the history (an import does not); a grade given, not one removed, and not
  -- the merges of two spellings of a query the server made once.
  EXISTS (SELECT 1 FROM golden_set_history WHERE new_grade IS NOT NULL AND changed_by IS DISTINCT FROM $1) AS judge`;

export async function gettingStarted(db: Queryable): Promise<GettingStarted> {
  const { rows } = await db.query<Record<GettingStartedStepKey, boolean>>(STEPS_SQL, [NORMALISATION.name]);
  return { steps: GETTING_STARTED_STEPS.map((key) => ({ key, done: rows[0][key] })) };
}
