// Spec §9: metrics are shown to three decimals in the test case view.

/** 0.86421 → '0.864'; a value that is not a finite number shows as a dash. */
export function formatMetric(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : '—';
}

/** 0.86421 → '86.4%'; a value that is not a finite number shows as a dash. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '—';
}
