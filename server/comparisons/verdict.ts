/**
 * A gate's verdict on a candidate run against a baseline: a check fails only when the candidate's mean fell
 * by more than the check's max_drop AND the fall is unlikely to be noise. Pure.
 *
 * Several checks are several tests, so their p-values are corrected together with Holm's step-down
 * (holm.ts), over all the rule's checks, and each check compares its own Holm-adjusted p with its own
 * alpha. When every check has the same alpha this is exactly Holm's procedure at that level; with
 * different alphas, the chance that any check fails on noise alone is at most the largest alpha (Holm's
 * adjusted p-values control it at every level at once), and each check keeps the strictness it asked for.
 * A drop within max_drop never fails, however significant: a gate is about changes large enough to matter.
 */
import { holmAdjusted } from '../evaluation/holm';
import { TIE_EPSILON } from '../evaluation/paired-stats';
import type { GateCheck } from './gate-rule';

/** A check's metric over the paired queries, as the compare page shows it. */
export interface CheckStats {
  baseline_mean: number;
  candidate_mean: number;
  /** candidate_mean − baseline_mean. */
  delta: number;
  /** The two-sided paired randomization test's p. */
  p_value: number;
}

export interface CheckVerdict extends CheckStats {
  metric: string;
  max_drop: number;
  alpha: number;
  adjusted_p_value: number;
  failed: boolean;
  reason: string;
}

export function decideVerdict(checks: readonly GateCheck[], stats: readonly CheckStats[]): { pass: boolean; checks: CheckVerdict[] } {
  const adjusted = holmAdjusted(stats.map((s) => s.p_value)) as number[];
  const verdicts = checks.map((check, i): CheckVerdict => {
    const s = stats[i];
    const drop = -s.delta;
    // Means summed in another order differ in their last bits: a drop equal to max_drop is within it.
    const tooLarge = drop - check.maxDrop > TIE_EPSILON;
    const significant = adjusted[i] < check.alpha;
    return {
      metric: check.metric,
      max_drop: check.maxDrop,
      alpha: check.alpha,
      ...s,
      adjusted_p_value: adjusted[i],
      failed: tooLarge && significant,
      reason: reasonOf(check, s, adjusted[i], checks.length > 1, tooLarge, significant),
    };
  });
  return { pass: verdicts.every((v) => !v.failed), checks: verdicts };
}

/** One sentence a CI log reader understands: what moved, by how much, and why that fails or passes. */
function reasonOf(check: GateCheck, s: CheckStats, adjusted: number, corrected: boolean, tooLarge: boolean, significant: boolean) {
  const means = `(${mean(s.baseline_mean)} → ${mean(s.candidate_mean)})`;
  const drop = -s.delta;
  if (Math.abs(s.delta) <= TIE_EPSILON) return `${check.metric} did not change ${means}`;
  if (s.delta > 0) return `${check.metric} rose by ${amount(s.delta)} ${means}`;
  const fell = `${check.metric} fell by ${amount(drop, tooLarge ? check.maxDrop : undefined)} ${means}`;
  if (!tooLarge) return `${fell}, within ${check.maxDrop}`;
  const p = `p = ${pValue(s.p_value, check.alpha)}${corrected ? ` (Holm-adjusted ${pValue(adjusted, check.alpha)})` : ''}`;
  if (significant) return `${fell}, more than ${check.maxDrop}, and ${p} < ${check.alpha}`;
  return `${fell}, more than ${check.maxDrop}, but ${p} ≥ ${check.alpha}: could be noise`;
}

const mean = (value: number) => value.toFixed(3);

/** `digits` significant digits, more when rounding would print the threshold it is compared with. */
function amount(value: number, threshold?: number, digits = 3): string {
  for (; digits < 12; digits++) {
    const shown = Number(value.toPrecision(digits));
    if (shown !== threshold || value === threshold) return String(shown);
  }
  return String(value);
}

/** Two significant digits (0.0031, 0.21, 1), more when rounding would print alpha. */
const pValue = (p: number, alpha: number) => amount(p, alpha, 2);
