import { describe, expect, it } from 'vitest';
import { returnPathOf } from '../../../src/domain/shell/return-to';

describe('returnPathOf (a deep link opened while signed out comes back after sign-in)', () => {
  it.each([
    ['https://c.test/datasets/7/edit', '/datasets/7/edit'],
    ['https://c.test/dataset-entries?page=3#top', '/dataset-entries?page=3#top'],
    ['https://c.test/', null],
    ['https://c.test/login', null],
    ['https://c.test/?code=a&state=b', null],
    ['https://c.test/datasets?error=access_denied&state=b', null],
  ])('%s → %j', (url, path) => {
    expect(returnPathOf(url)).toBe(path);
  });
});
