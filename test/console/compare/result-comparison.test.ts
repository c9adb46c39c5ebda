import { describe, expect, it } from 'vitest';
import { compareWithReferences, referenceMatch, resultMatch } from '../../../src/domain/compare/result-comparison';

describe('results versus references', () => {
  const comparison = compareWithReferences(['a', 'x', 'b', 'y'], ['b', 'c', 'a', 'd']);

  it('splits into commons (result order), missings (reference order) and leftovers (result order)', () => {
    expect(comparison).toEqual({ commons: ['a', 'b'], missings: ['c', 'd'], leftovers: ['x', 'y'] });
  });

  it('names each returned product common or leftover, each referenced one common or missing', () => {
    expect(['a', 'x', 'b', 'y'].map((id) => resultMatch(id, comparison))).toEqual(['common', 'leftover', 'common', 'leftover']);
    expect(['b', 'c', 'a', 'd'].map((id) => referenceMatch(id, comparison))).toEqual(['common', 'missing', 'common', 'missing']);
  });

  it('handles empty sides', () => {
    expect(compareWithReferences([], ['a'])).toEqual({ commons: [], missings: ['a'], leftovers: [] });
    expect(compareWithReferences(['a'], [])).toEqual({ commons: [], missings: [], leftovers: ['a'] });
  });
});
