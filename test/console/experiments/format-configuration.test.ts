import { describe, expect, it } from 'vitest';
import { formatConfiguration } from '../../../src/domain/experiments/format-configuration';

describe('formatConfiguration', () => {
  it('reads as key: value pairs', () => {
    expect(formatConfiguration({ k: 10, gain: 'linear', search_target: 'bm25-baseline', pass_threshold: 0.6 })).toBe(
      'k: 10 · gain: linear · search_target: bm25-baseline · pass_threshold: 0.6',
    );
  });

  it('keeps nested values as compact JSON and shows an empty one as a dash', () => {
    expect(formatConfiguration({ target: { url: 'x', k: 5 } })).toBe('target: {"url":"x","k":5}');
    expect(formatConfiguration({})).toBe('—');
    expect(formatConfiguration('plain')).toBe('"plain"');
  });
});
