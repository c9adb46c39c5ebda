import { describe, expect, it } from 'vitest';
import {
  experimentRunStatusTone,
  mockEvaluationStatusTone,
  ndcgSummaryTone,
  productMatchTone,
  runResultStatusTone,
} from '../../../src/domain/shared/status-colours';

describe('mock evaluation status colour', () => {
  it.each([
    ['SUCCESS', 'success'],
    ['pending', 'warning'],
    ['failed', 'danger'],
    ['FAIL', 'danger'],
    ['ERROR', 'danger'],
    ['running', 'neutral'],
    ['', 'neutral'],
    // The spec lists the spellings; others are "anything else".
    ['success', 'neutral'],
    ['PENDING', 'neutral'],
  ])('%j is %s', (status, tone) => {
    expect(mockEvaluationStatusTone(status)).toBe(tone);
  });
});

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
