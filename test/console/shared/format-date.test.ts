import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/domain/shared/format-date';

// The console project pins TZ=UTC, so these read the same on every machine.
describe('formatDateTime', () => {
  it('shows en-US short month, day, year, hour and minute', () => {
    expect(formatDateTime('2026-11-22T15:04:05.123Z')).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatDateTime('2026-01-05T00:09:00+00:00')).toBe('Jan 5, 2026, 12:09 AM');
  });

  it('keeps text that is not a date as it is', () => {
    expect(formatDateTime('yesterday-ish')).toBe('yesterday-ish');
  });
});
