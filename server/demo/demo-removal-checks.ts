/**
 * Why the demo data cannot be removed now, each a 409 naming what is in the way: a run still going that
 * uses demo data (removing it would change what the run reads under it), or an experiment a person made
 * (or changed, which makes it theirs) that uses a demo dataset, script or golden set (removing those would
 * break it). Run inside the removal's transaction, after the demo's experiments and golden sets are locked.
 */
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import { listed, NAMED_EXPERIMENTS } from '../used-by-experiments';

/** A golden set an experiment's or run's config names (`c` is the config's column). */
const configGoldenSet = (c: string) => `jsonb_typeof(${c}->'golden_set_id') = 'number' AND g.id = (${c}->>'golden_set_id')::numeric`;

interface ActiveRun {
  id: number;
  status: string;
  experiment_id: number;
  experiment_name: string;
  total: number;
}

/**
 * Pending or running runs that use demo data: the demo's own, those of demo experiments, those copying a
 * demo dataset or scoring against a demo golden set, and those searching the built-in catalogue while demo
 * products are in it.
 */
export async function refuseWhileRunsUseDemoData(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<ActiveRun>(
    `SELECT r.id, r.status, e.id AS experiment_id, e.name AS experiment_name, count(*) OVER ()::int AS total
     FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id
     WHERE r.status IN ('pending', 'running')
       AND (r.demo OR e.demo
         OR EXISTS (SELECT 1 FROM datasets d WHERE d.id = r.copying_from_dataset_id AND d.demo)
         OR EXISTS (SELECT 1 FROM golden_sets g WHERE g.demo AND ${configGoldenSet('r.config')})
         OR (r.config->'search_target'->>'kind' = 'builtin' AND EXISTS (SELECT 1 FROM products WHERE demo)))
     ORDER BY r.id LIMIT $1`,
    [NAMED_EXPERIMENTS],
  );
  if (rows.length === 0) return;
  const runs = rows.map(({ id, status, experiment_id, experiment_name }) => ({ id, status, experiment_id, experiment_name }));
  const named = listed(
    runs.map((run) => `run ${run.id} of "${run.experiment_name}" (${run.status})`),
    rows[0].total,
  );
  const them = rows[0].total === 1 ? 'it' : 'them';
  throw new HttpError(409, `The demo data cannot be removed while runs use it: ${named}. Cancel ${them} or let ${them} end first.`, {
    runs,
    run_count: rows[0].total,
  });
}

interface Dependant {
  id: number;
  name: string;
  uses: { kind: 'dataset' | 'evaluation_script' | 'golden_set'; id: number; name: string }[];
  total: number;
}

const KIND_NAMES = { dataset: 'dataset', evaluation_script: 'evaluation script', golden_set: 'golden set' } as const;

/**
 * Experiments a person made or changed that use a demo dataset, script or golden set still to be removed.
 * Demo datasets that hold a person's entries are kept, so they were unmarked before this check.
 */
export async function refuseWhileTheirExperimentsUseDemoData(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<Dependant>(
    `SELECT e.id, e.name, count(*) OVER ()::int AS total,
       (SELECT json_agg(u) FROM (
          SELECT 'dataset' AS kind, d.id, d.name WHERE d.demo
          UNION ALL SELECT 'evaluation_script', s.id, s.name WHERE s.demo
          UNION ALL SELECT 'golden_set', g.id, g.name WHERE g.demo) AS u) AS uses
     FROM experiments e
       JOIN datasets d ON d.id = e.dataset_id
       JOIN evaluation_scripts s ON s.id = e.evaluation_script_id
       LEFT JOIN golden_sets g ON ${configGoldenSet('e.config')}
     WHERE NOT e.demo AND (d.demo OR s.demo OR coalesce(g.demo, false))
     ORDER BY e.name, e.id LIMIT $1`,
    [NAMED_EXPERIMENTS],
  );
  if (rows.length === 0) return;
  const experiments = rows.map(({ id, name, uses }) => ({ id, name, uses }));
  const named = listed(
    experiments.map(({ name, uses }) => `"${name}" uses the demo ${listed(uses.map((u) => `${KIND_NAMES[u.kind]} "${u.name}"`))}`),
    rows[0].total,
  );
  throw new HttpError(
    409,
    `The demo data cannot be removed: experiments of yours use it (${named}). ` +
      'Give them a dataset, evaluation script or golden set of your own first.',
    { experiments, experiment_count: rows[0].total },
  );
}
