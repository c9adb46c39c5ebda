import { describe, expect, it } from 'vitest';
import { formatMetric, formatPercent } from '../../src/domain/format-metric';

describe('metric formatting (spec §9: three decimals)', () => {
  it.each([
    [0.86564, '0.866'],
    [0.7, '0.700'],
    [1, '1.000'],
    [0, '0.000'],
    [0.0005, '0.001'],
  ])('%f → %s', (value, text) => {
    expect(formatMetric(value)).toBe(text);
  });

  it('shows a percentage to one decimal', () => {
    expect(formatPercent(0.8656)).toBe('86.6%');
    expect(formatPercent(0.8)).toBe('80.0%');
  });

  it('shows a dash for what is not a number', () => {
    expect(formatMetric(Number.NaN)).toBe('—');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
