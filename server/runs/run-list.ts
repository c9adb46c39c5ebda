/**
 * An experiment's runs, newest first, each with the summary of its results and the configuration it ran with:
 * all of them, or one page.
 */
import type { Queryable } from '../db/database';
import { requireRow } from '../db/require-row';
import type { ExperimentRun } from '../schemas/runs';
import { RUN_COLUMNS } from './run-rows';
import { summaryOf, TALLY_COLUMNS, type RunSummary, type TallyColumns } from './run-tally';

type ListedRun = ExperimentRun & { config: Record<string, unknown> | null };

/** `window` [limit, offset] for one page, undefined for every run; 404 when there is no such experiment. */
export async function experimentRunList(
  db: Queryable,
  experimentId: number,
  window: number[] | undefined,
): Promise<{ count: number; runs: Array<ListedRun & { summary: RunSummary }> }> {
  await requireRow(db, 'experiments', experimentId);
  // LIMIT NULL is no limit: every run.
  const [limit, offset] = window ?? [null, 0];
  const [page, total] = await Promise.all([
    db.query<ListedRun & TallyColumns>(
      `SELECT ${RUN_COLUMNS}, config, ${TALLY_COLUMNS} FROM experiment_runs WHERE experiment_id = $3 ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset, experimentId],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM experiment_runs WHERE experiment_id = $1', [experimentId]),
  ]);
  // Each run with its summary: the runs table shows every run's means and counts.
  const runs = page.rows.map(({ results, passed, failed, unjudged, errors, counted, metric_sums, ...run }) => ({
    ...run,
    summary: summaryOf({ results, passed, failed, unjudged, errors, counted, metric_sums }),
  }));
  return { count: total.rows[0].total, runs };
}
