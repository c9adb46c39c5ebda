import { describe, expect, it } from 'vitest';
import { emptyList, hasMoreRows, isAnsweredLocally, withMoreRows, withWindow } from '../../../src/domain/datasets/dataset-membership';
import { entryTotal, formatTotal } from '../../../src/domain/shared/format-count';

// A search the server stopped counting at 10,000 (X-Total-Count-Capped): the editor keeps loading past it
// and never answers a narrower filter from its loaded rows alone; the totals read "10,000+".

const entry = (id: number) => ({
  id,
  input: `oak ${id}`,
  input_metadata: null,
  description: '',
  datasets: [],
  created_at: '',
  updated_at: '',
});
const entries = (from: number, n: number) => Array.from({ length: n }, (_, i) => entry(from + i));

describe('a capped total in the dataset editor', () => {
  it('has more rows while capped, even with as many loaded as the total says', () => {
    const list = withWindow({ ...emptyList(), filter: 'oak' }, { items: entries(1, 10), total: 10, capped: true, count: 50 });
    expect(hasMoreRows(list)).toBe(true);
    expect(isAnsweredLocally({ ...list, filter: 'oak 1' })).toBe(false);

    // The window that came back short made the total exact (evaluation-service.ts): nothing more to load.
    const done = withMoreRows(list, { items: entries(11, 3), total: 13, count: 50 });
    expect(done.rows).toHaveLength(13);
    expect(hasMoreRows(done)).toBe(false);
    expect(isAnsweredLocally({ ...done, filter: 'oak 1' })).toBe(true);
  });

  it('words the totals "10,000+"', () => {
    expect(formatTotal(10_000, true)).toBe('10,000+');
    expect(formatTotal(2_422, false)).toBe('2,422');
    expect(entryTotal(10_000, true)).toBe('10,000+ entries');
    expect(entryTotal(45, false)).toBe('45 entries');
    expect(entryTotal(1, false)).toBe('1 entry');
  });
});
