import { describe, expect, it } from 'vitest';
import { goldenSetSizeText } from '../../../src/domain/golden-sets/golden-set-size';

describe('goldenSetSizeText', () => {
  it('groups digits the en-US way', () => {
    expect(goldenSetSizeText({ query_count: 137, judgement_count: 1679 })).toBe('137 queries · 1,679 judgements');
    expect(goldenSetSizeText({ query_count: 1250, judgement_count: 1_183_000 })).toBe('1,250 queries · 1,183,000 judgements');
  });

  it('says one in the singular', () => {
    expect(goldenSetSizeText({ query_count: 1, judgement_count: 1 })).toBe('1 query · 1 judgement');
    expect(goldenSetSizeText({ query_count: 0, judgement_count: 0 })).toBe('0 queries · 0 judgements');
  });
});
