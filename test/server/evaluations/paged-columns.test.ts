// The columns a ranking file's ten million results are kept in: every id read back as it was pushed,
// from any block's first id on, across the pages it spans; an id given twice in a query's stretch found by
// its bytes.
import { describe, expect, it } from 'vitest';
import { ByteIdSet, Float64Column, IdColumn } from '../../../server/evaluations/paged-columns';

describe('paged columns', () => {
  it('reads ids back from any one on, across pages, whether pushed as text or as bytes', () => {
    const ids = new IdColumn(16);
    const pushed = Array.from({ length: 40 }, (_, i) => (i % 7 === 0 ? `produit-é-${i}` : `p${i}`));
    const places: Array<[number, number]> = [];
    pushed.forEach((id, i) => {
      if (i % 2 === 0) ids.pushText(id);
      else {
        const bytes = Buffer.from(`  ${id} `);
        ids.pushBytes(bytes, 2, bytes.length - 1);
      }
      places.push([ids.lastPage, ids.lastOffset]);
    });
    expect(ids.length).toBe(40);
    for (const from of [0, 1, 13, 39]) {
      const read: string[] = [];
      ids.forEach(places[from][0], places[from][1], 40 - from, (id) => read.push(id));
      expect(read).toEqual(pushed.slice(from));
    }
    const long = 'x'.repeat(100);
    ids.pushText(long);
    const read: string[] = [];
    ids.forEach(ids.lastPage, ids.lastOffset, 1, (id) => read.push(id));
    expect(read).toEqual([long]);
  });

  it('keeps numbers past a page', () => {
    const column = new Float64Column();
    for (let i = 0; i < 70_000; i++) column.push(i / 4);
    expect([column.get(0), column.get(65_535), column.get(65_536), column.get(69_999), column.length]).toEqual([
      0,
      65_535 / 4,
      16_384,
      69_999 / 4,
      70_000,
    ]);
  });

  it('finds an id given as bytes again, with its first row, among thousands, and forgets them when cleared', () => {
    const ids = new IdColumn(64);
    const set = new ByteIdSet(ids);
    /** The row of an earlier id with these bytes, or -1 (then `row` is this id's). */
    const seen = (id: string, row: number) => {
      const bytes = Buffer.from(`\t${id}\t`);
      ids.pushBytes(bytes, 1, bytes.length - 1);
      return set.rowOrAdd(bytes, 1, bytes.length - 1, row, ids.lastPage, ids.lastOffset);
    };
    const first = Array.from({ length: 3000 }, (_, i) => seen(`p${i}`, i + 1));
    expect(first.every((row) => row === -1)).toBe(true);
    // Ids that share a start with one seen are other ids.
    expect([seen('p1', 5000), seen('p2999', 5001), seen('p29990', 5002), seen('p', 5003), seen('é', 5004), seen('é', 5005)]).toEqual([
      2, 3000, -1, -1, -1, 5004,
    ]);
    set.clear();
    expect([seen('p1', 6000), seen('p1', 6001)]).toEqual([-1, 6000]);
  });
});
