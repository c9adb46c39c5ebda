import { describe, expect, it } from 'vitest';
import {
  completionTone,
  experimentRunStatusTone,
  ndcgSummaryTone,
  productMatchTone,
  runResultStatusTone,
} from '../../../src/domain/shared/status-colours';

describe('experiment run status colour', () => {
  it.each([
    ['success', 'success'],
    ['failed', 'danger'],
    ['running', 'neutral'],
    ['SUCCESS', 'neutral'],
  ])('%j is %s', (status, tone) => {
    expect(experimentRunStatusTone(status)).toBe(tone);
  });
});

describe('run result status colour', () => {
  it.each([
    ['PASS', 'success'],
    ['FAIL', 'danger'],
    ['ERROR', 'neutral'],
    ['pass', 'neutral'],
  ])('%j is %s', (status, tone) => {
    expect(runResultStatusTone(status)).toBe(tone);
  });
});

describe('nDCG summary colour', () => {
  it.each([
    [1, 'success'],
    [0.8, 'success'],
    [0.8656, 'success'],
    [0.7999, 'warning'],
    [0, 'warning'],
  ])('%f is %s', (ndcg, tone) => {
    expect(ndcgSummaryTone(ndcg)).toBe(tone);
  });
});

describe('results versus references borders (/test-case)', () => {
  it('is green for common, red for missing, yellow for leftover', () => {
    expect(productMatchTone('common')).toBe('success');
    expect(productMatchTone('missing')).toBe('danger');
    expect(productMatchTone('leftover')).toBe('warning');
  });
});

describe("an evaluation query's completion", () => {
  it.each([
    ['COMPLETE', 'success'],
    ['NO_MORE_RESULTS', 'warning'],
    ['PAGE_WITHOUT_RELEVANTS', 'danger'],
    [null, 'neutral'],
    ['complete', 'neutral'],
  ])('%s is %s', (completion, tone) => {
    expect(completionTone(completion)).toBe(tone);
  });
});
