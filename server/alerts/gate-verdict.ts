/** The alerts' verdict: the CI gate's own rule language and decision (run-verdict.ts), so an alert and a gate agree. */
import type { Database } from '../db/database';
import { parseGateRule } from '../comparisons/gate-rule';
import { createComparisonCache, type ComparisonCache } from '../comparisons/run-comparison';
import { runVerdict } from '../comparisons/run-verdict';
import type { AlertVerdict } from './alert-verdict';

/** `comparisonOf`: the comparisons the compare page keeps, when this process has them; else kept here per database. */
export function gateVerdict(comparisonOf?: ComparisonCache): AlertVerdict {
  const kept = new WeakMap<Database, ComparisonCache>();
  const comparisonsOf = (db: Database) => {
    if (comparisonOf) return comparisonOf;
    if (!kept.has(db)) kept.set(db, createComparisonCache(db));
    return kept.get(db)!;
  };
  return {
    ruleProblem(rule) {
      try {
        parseGateRule([rule]);
        return undefined;
      } catch (error) {
        // The gate names its query parameter; an alert's rule is a field of the body.
        return (error as Error).message.replace(/^querystring\.rule/, 'body.rule');
      }
    },
    async decide(db, baseline, candidate, rule) {
      const { pass, checks, worst_regressions } = await runVerdict(db, comparisonsOf(db), {
        baseline: String(baseline),
        candidate: String(candidate),
        rule: [rule],
      });
      return { pass, checks, worst_regressions };
    },
  };
}
