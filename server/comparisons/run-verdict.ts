/**
 * A CI gate's verdict between two runs: the rule's checks decided (verdict.ts) on the compare page's own
 * comparison (run-comparison.ts) of the checked metrics, so a check's means, delta and p are the numbers the
 * compare page shows for the same runs: the same pairs, the same randomization test with the same seed.
 */
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { RunVerdict } from '../schemas/run-verdicts';
import { comparisonRows, type RowsQuery } from './comparison-rows';
import { comparedRuns, publicRun } from './compared-runs';
import { checkMetrics, parseGateRule } from './gate-rule';
import { queryTexts, type ComparisonCache } from './run-comparison';
import { decideVerdict } from './verdict';
import { resolveVerdictRuns } from './verdict-runs';
import { worstRegressions } from './worst-regressions';

const WORST = 10;

export async function runVerdict(
  db: Queryable,
  comparisonOf: ComparisonCache,
  query: { baseline: string; candidate: string; rule: string[] },
): Promise<RunVerdict> {
  const checks = parseGateRule(query.rule);
  const ids = await resolveVerdictRuns(db, query.baseline, query.candidate);
  const { baseline, candidate, metrics } = await comparedRuns(db, ids.baseline, ids.candidate);
  if (candidate.status !== 'success') {
    throw new HttpError(
      409,
      `Run ${candidate.id} ${candidate.status === 'cancelled' ? 'was cancelled' : candidate.status}: a verdict needs a candidate that finished successfully`,
    );
  }
  checkMetrics(checks, metrics);
  // Only the checked metrics are read and tested: a verdict from cold (a CI job's first call) pays for what it decides on.
  const checked = [...new Set(checks.map((check) => check.metric))];
  const { paired, metrics: stats } = await comparisonOf(baseline, candidate, checked);
  if (paired.pairs.baseline.length === 0) {
    throw new HttpError(409, `Runs ${baseline.id} and ${candidate.id} scored no query in common: there is nothing to test`);
  }
  const decided = decideVerdict(
    checks,
    checks.map(({ metric }) => {
      const s = stats[checked.indexOf(metric)];
      return { baseline_mean: s.baseline_mean, candidate_mean: s.candidate_mean, delta: s.delta, p_value: s.p_value_randomization! };
    }),
  );
  const metric = checks[0].metric;
  const rows: RowsQuery = { metric: checked.indexOf(metric), filter: 'regressions', order: 'asc' };
  const worst = worstRegressions(paired, rows.metric, WORST);
  const texts = await queryTexts(
    db,
    Array.from(worst, (k) => paired.baseline.ids[paired.pairs.baseline[k]]),
  );
  const compare = new URLSearchParams({ baseline: String(baseline.id), candidate: String(candidate.id), metric, filter: 'regressions' });
  return {
    pass: decided.pass,
    baseline: publicRun(baseline),
    candidate: publicRun(candidate),
    paired: paired.pairs.baseline.length,
    multiple_comparisons: 'holm',
    checks: decided.checks,
    worst_regressions: comparisonRows(paired, rows, worst, texts).map(({ overlap: _overlap, ...row }) => ({
      metric,
      ...row,
      console_path: `/compare/pair?${new URLSearchParams({ baseline_result: String(row.baseline_result_id), candidate_result: String(row.candidate_result_id), metric })}`,
    })),
    console_path: `/compare?${compare}`,
  };
}
