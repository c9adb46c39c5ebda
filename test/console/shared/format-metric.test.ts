import { describe, expect, it } from 'vitest';
import { formatMean, formatMetric, formatPercent } from '../../../src/domain/shared/format-metric';
import { formatValue } from '../../../server/evaluation/trec-eval';

describe('metric formatting (three decimals)', () => {
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

  it('shows a run’s mean to four decimals exactly as npm run metrics prints it, ties to even', () => {
    // 1/32 and 3/32 are exact halves at the fifth decimal: C's printf (and the CLI) round them to even.
    expect(formatMean(1 / 32)).toBe('0.0312');
    expect(formatMean(3 / 32)).toBe('0.0938');
    expect(formatMean(0.61235)).toBe('0.6123');
    expect(formatMean(Number.NaN)).toBe('—');
    for (let i = 0; i <= 2000; i++) {
      const value = i / 1600 + (i % 7) * 1e-6;
      expect(formatMean(value), String(value)).toBe(formatValue(value));
    }
  });
});
