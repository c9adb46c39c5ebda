/**
 * What an alert asks of the gate: whether its rule's text parses, and whether a candidate run passes the rule
 * against a baseline. Kept to this small interface so the alerts never depend on how the gate decides.
 */
import type { Database } from '../db/database';

export interface Verdict {
  pass: boolean;
  /** One per metric of the rule, as the gate reports it. */
  checks: unknown[];
  /** The queries that dropped most, as the gate reports them. */
  worst_regressions: unknown[];
}

export interface AlertVerdict {
  /** Why `rule` is not a rule of the gate's language, or undefined when it is. */
  ruleProblem(rule: string): string | undefined;
  decide(db: Database, baselineRunId: number, candidateRunId: number, rule: string): Promise<Verdict>;
}
