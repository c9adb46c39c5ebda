/**
 * How the console names a metric: its kind as the field abbreviates it, with its depth and gain as the run
 * has them ('ndcg@10' → 'nDCG@10'). Raw names stay in addresses, calls and files. Pure.
 */
import type { QualityMeasure } from '../../../server/schemas/metric-names';

const ABBREVIATIONS: Record<QualityMeasure, string> = {
  ndcg: 'nDCG',
  precision: 'P',
  recall: 'R',
  f1: 'F1',
  reciprocal_rank: 'RR',
  average_precision: 'AP',
};

/**
 * 'ndcg@10' → 'nDCG@10', 'precision@10' → 'P@10', 'reciprocal_rank@10' → 'RR@10', 'ndcg@10_exp' → 'nDCG@10_exp';
 * others as they are.
 */
export function metricLabel(name: string): string {
  const at = name.indexOf('@');
  const base = at === -1 ? name : name.slice(0, at);
  const short = (ABBREVIATIONS as Record<string, string | undefined>)[base];
  return short === undefined ? name : `${short}${at === -1 ? '' : name.slice(at)}`;
}
