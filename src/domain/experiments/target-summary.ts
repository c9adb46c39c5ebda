/** An experiment's search target and scoring in one line each, for its runs page. Pure. */
import type { StoredRunConfig } from './workbench-types';
import { targetAddress } from '../runs/run-target';

/**
 * 'Built-in catalogue search', or 'HTTP POST es.example.com/products/_search: hits /hits/hits, id /_source/sku' (the
 * path and query tell targets on one host apart); '—' without one.
 */
export function targetSummary(config: Partial<StoredRunConfig> | undefined): string {
  const target: unknown = config?.search_target;
  if (target === undefined || target === null) return '—';
  // Configurations written elsewhere may name their target another way ("bm25-baseline"): shown as they are.
  if (typeof target !== 'object') return String(target);
  const { kind, method, url, hits, product_id: productId } = target as Record<string, unknown>;
  if (kind === 'builtin') return 'Built-in catalogue search';
  if (kind !== 'http' || typeof url !== 'string') return JSON.stringify(target);
  return `HTTP ${method ?? 'GET'} ${targetAddress(url)}: hits ${hits || '(the answer)'}, id ${productId}`;
}

/** 'k 10 · linear gain · passes at nDCG ≥ 0.5 · relevant from grade 1', defaults filled in as a run fills them. */
export function scoringSummary(config: Partial<StoredRunConfig> | undefined): string {
  if (!config?.search_target) return '—';
  const { k = 10, gain = 'linear', pass_threshold: threshold = 0.5, relevant_from: from = 1 } = config;
  return `k ${k} · ${gain} gain · passes at nDCG ≥ ${threshold} · relevant from grade ${from}`;
}
