import { describe, expect, it } from 'vitest';
import { formatFileSize, isCsvFile, progressPercent } from '../../../src/domain/shared/csv-file';
import { hasEntryInput, metadataProblem, metadataText, parseMetadata } from '../../../src/domain/entries/entry-metadata';
import { applyLinkDiff, diffLinks, mappingsOf } from '../../../src/domain/compare/link-diff';

describe('diffLinks', () => {
  it('adds what is new and removes what is gone, leaving kept links alone', () => {
    expect(diffLinks([1, 2, 3], [2, 3, 4, 5])).toEqual({ added: [4, 5], removed: [1] });
  });
  it('finds nothing to do when the links are the same in another order', () => {
    expect(diffLinks([3, 1], [1, 3])).toEqual({ added: [], removed: [] });
  });
  it('handles empty sides and repeated ids', () => {
    expect(diffLinks([], [7, 7])).toEqual({ added: [7], removed: [] });
    expect(diffLinks([7, 8], [])).toEqual({ added: [], removed: [7, 8] });
  });
});

describe('applyLinkDiff', () => {
  it('makes one POST for the added and one DELETE for the removed links of the entry', async () => {
    const calls: string[] = [];
    const diff = await applyLinkDiff(
      {
        addMappings: async (pairs) => calls.push(`add ${JSON.stringify(pairs)}`),
        removeMappings: async (pairs) => calls.push(`remove ${JSON.stringify(pairs)}`),
      },
      9,
      [1, 2],
      [2, 3],
    );
    expect(diff).toEqual({ added: [3], removed: [1] });
    expect(calls).toEqual(['add [{"dataset_id":3,"dataset_entry_id":9}]', 'remove [{"dataset_id":1,"dataset_entry_id":9}]']);
  });
  it('makes no call when nothing changed', async () => {
    const none = async () => {
      throw new Error('no call expected');
    };
    await expect(applyLinkDiff({ addMappings: none, removeMappings: none }, 9, [1], [1])).resolves.toEqual({ added: [], removed: [] });
  });
  it('throws the failing call’s error', async () => {
    const refused = new Error('Unknown datasets 3; nothing was linked');
    await expect(
      applyLinkDiff({ addMappings: () => Promise.reject(refused), removeMappings: async () => undefined }, 9, [], [3]),
    ).rejects.toBe(refused);
  });
  it('pairs an entry with datasets', () => {
    expect(mappingsOf(4, [1, 2])).toEqual([
      { dataset_id: 1, dataset_entry_id: 4 },
      { dataset_id: 2, dataset_entry_id: 4 },
    ]);
  });
});

describe('entry metadata', () => {
  it.each([
    ['{}', null],
    ['{"locale":"en"}', null],
    ['', null],
    ['   \n', null],
    ['{bad', 'Invalid JSON format'],
    ['[1,2]', 'Metadata must be a JSON object'],
    ['null', 'Metadata must be a JSON object'],
    ['"text"', 'Metadata must be a JSON object'],
  ])('metadataProblem(%j) is %j', (text, problem) => {
    expect(metadataProblem(text)).toBe(problem);
  });
  it('parses objects and turns blank text into no metadata', () => {
    expect(parseMetadata(' {"a": 1} ')).toEqual({ a: 1 });
    expect(parseMetadata('  ')).toBeNull();
    expect(() => parseMetadata('[]')).toThrow('Metadata must be a JSON object');
  });
  it('shows stored metadata as indented JSON, and none as {}', () => {
    expect(metadataText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(metadataText(null)).toBe('{}');
    expect(metadataText({})).toBe('{}');
  });
  it('needs an input that is not only whitespace', () => {
    expect(hasEntryInput(' sofa ')).toBe(true);
    expect(hasEntryInput(' \n\t')).toBe(false);
  });
});

describe('CSV files', () => {
  it.each([
    [{ name: 'entries.csv', type: '' }, true],
    [{ name: 'ENTRIES.CSV', type: 'application/vnd.ms-excel' }, true],
    [{ name: 'export', type: 'text/csv' }, true],
    [{ name: 'entries.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, false],
    [{ name: 'notes.txt', type: 'text/plain' }, false],
  ])('isCsvFile(%j) is %s', (file, expected) => {
    expect(isCsvFile(file)).toBe(expected);
  });
  it.each([
    [0, '0.00 Bytes'],
    [1023, '1023.00 Bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024, '1.00 MB'],
    [84_150_000, '80.25 MB'],
  ])('formatFileSize(%d) is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
  it('gives whole percents', () => {
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(progressPercent({ loaded: 5, total: 5 })).toBe(100);
    expect(progressPercent({ loaded: 5, total: 0 })).toBe(0);
  });
});
