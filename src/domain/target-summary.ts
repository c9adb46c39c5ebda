/** An experiment's search target and scoring in one line each, for its runs page. Pure. */
import type { RunConfig } from './workbench-types';

const hostOf = (url: string) => {
  try {
    return new URL(url.replaceAll(/\{[a-z]+\}/g, 'x')).host;
  } catch {
    return url;
  }
};

/** 'Built-in catalogue search', or 'HTTP POST es.example.com: hits /hits/hits, id /_source/sku'; '—' without one. */
export function targetSummary(config: Partial<RunConfig> | undefined): string {
  const target = config?.search_target;
  if (!target) return '—';
  if (target.kind === 'builtin') return 'Built-in catalogue search';
  return `HTTP ${target.method ?? 'GET'} ${hostOf(target.url)}: hits ${target.hits || '(the answer)'}, id ${target.product_id}`;
}

/** 'k 10 · linear gain · passes at nDCG ≥ 0.5 · relevant from grade 1', defaults filled in as a run fills them. */
export function scoringSummary(config: Partial<RunConfig> | undefined): string {
  if (!config?.search_target) return '—';
  const { k = 10, gain = 'linear', pass_threshold: threshold = 0.5, relevant_from: from = 1 } = config;
  return `k ${k} · ${gain} gain · passes at nDCG ≥ ${threshold} · relevant from grade ${from}`;
}
