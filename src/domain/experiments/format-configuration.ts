/**
 * An experiment configuration as one readable line, `key: value` pairs joined by ' · '
 * ("k: 10 · gain: linear · search_target: bm25-baseline"); nested values stay compact JSON.
 */
export function formatConfiguration(configuration: unknown): string {
  if (configuration === null || typeof configuration !== 'object' || Array.isArray(configuration)) {
    return JSON.stringify(configuration) ?? '';
  }
  const pairs = Object.entries(configuration as Record<string, unknown>).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return pairs.length > 0 ? pairs.join(' · ') : '—';
}
