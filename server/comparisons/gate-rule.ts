/**
 * A verdict's rule: checks written `metric:max_drop[:alpha]`, comma-separated, in one `rule` parameter or
 * several (e.g. `ndcg@10:0.01:0.05,recall@10:0.02`). Pure. Each fault is a 400 naming the part at fault.
 */
import { HttpError } from '../errors';
import { MAX_GATE_CHECKS } from '../schemas/limits';

export interface GateCheck {
  metric: string;
  /** How far the candidate's mean may fall below the baseline's before the drop can fail the check. */
  maxDrop: number;
  /** The significance level the check's Holm-adjusted p is compared with. */
  alpha: number;
}

const DEFAULT_ALPHA = 0.05;
const EXAMPLE = 'e.g. ndcg@10:0.01:0.05';
// Plain decimals only: Number() would also read "0x10", "Infinity" or "" as numbers.
const DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:e[+-]?[0-9]+)?$/i;

/** The checks of the rule's parts, in order; the metrics are checked against the runs' later (checkMetrics). */
export function parseGateRule(parts: readonly string[]): GateCheck[] {
  // Empty pieces (a trailing comma, an empty repeat of the parameter) are no checks; a rule of only those is empty.
  const texts = parts
    .flatMap((part) => part.split(','))
    .map((text) => text.trim())
    .filter(Boolean);
  if (texts.length === 0) throw new HttpError(400, `querystring.rule is empty: give one or more metric:max_drop[:alpha], ${EXAMPLE}`);
  if (texts.length > MAX_GATE_CHECKS) {
    throw new HttpError(400, `querystring.rule has ${texts.length} checks, more than ${MAX_GATE_CHECKS}`);
  }
  const checks = texts.map(parseCheck);
  const seen = new Set<string>();
  for (const { metric } of checks) {
    if (seen.has(metric)) throw new HttpError(400, `querystring.rule checks ${metric} twice: give each metric once`);
    seen.add(metric);
  }
  return checks;
}

function parseCheck(text: string): GateCheck {
  const fields = text.split(':').map((field) => field.trim());
  if (fields.length < 2 || fields.length > 3 || fields[0] === '') {
    throw new HttpError(400, `querystring.rule "${text}" must be metric:max_drop[:alpha], ${EXAMPLE}`);
  }
  const [metric, dropText, alphaText] = fields;
  const maxDrop = DECIMAL.test(dropText) ? Number(dropText) : NaN;
  if (!Number.isFinite(maxDrop) || maxDrop < 0) {
    throw new HttpError(400, `querystring.rule "${text}": max_drop must be a number ≥ 0, got "${dropText}"`);
  }
  if (alphaText === undefined) return { metric, maxDrop, alpha: DEFAULT_ALPHA };
  const alpha = DECIMAL.test(alphaText) ? Number(alphaText) : NaN;
  if (!(alpha > 0 && alpha < 1)) {
    throw new HttpError(400, `querystring.rule "${text}": alpha must be a number between 0 and 1 (both excluded), got "${alphaText}"`);
  }
  return { metric, maxDrop, alpha };
}

/** 400 naming the first check whose metric the runs do not both have, with the ones they have. */
export function checkMetrics(checks: readonly GateCheck[], metrics: readonly string[]): void {
  const unknown = checks.find((check) => !metrics.includes(check.metric));
  if (unknown) {
    throw new HttpError(400, `querystring.rule: the runs have no metric "${unknown.metric}" in common; they have ${metrics.join(', ')}`);
  }
}
