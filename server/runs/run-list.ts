/**
 * An experiment's runs, newest first, each with the summary of its results and the configuration it ran with:
 * all of them, or one page.
 */
import type { Queryable } from '../db/database';
import { listPage } from '../db/list-page';
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
  const { rows, total } = await listPage<ListedRun & TallyColumns>(
    db,
    {
      columns: `${RUN_COLUMNS}, config, ${TALLY_COLUMNS}`,
      from: 'experiment_runs WHERE experiment_id = $1',
      orderBy: 'created_at DESC, id DESC',
      params: [experimentId],
    },
    window ?? [null, 0],
  );
  // Each run with its summary: the runs table shows every run's means and counts.
  const runs = rows.map(({ results, passed, failed, unjudged, errors, counted, metric_sums, ...run }) => ({
    ...run,
    summary: summaryOf({ results, passed, failed, unjudged, errors, counted, metric_sums }),
  }));
  return { count: total, runs };
}
