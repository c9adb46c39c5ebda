import { describe, expect, it } from 'vitest';
import {
  formatOfFileName,
  formatScore,
  gradeText,
  importSummary,
  problemPlace,
  productColumns,
  productIdFromRoute,
  productPath,
  productTotal,
  searchRank,
} from '../../../src/domain/catalogue/catalogue';

// The Catalogue page's pure rules: the import's format from a file name, its texts, and the table's columns.

describe('catalogue', () => {
  it.each([
    ['products.csv', 'csv'],
    ['PRODUCTS.CSV', 'csv'],
    ['export.jsonl', 'jsonl'],
    ['export.NDJSON', 'jsonl'],
    ['products.txt', null],
    ['jsonl', null],
  ])('reads the format of %s as %s', (name, format) => {
    expect(formatOfFileName(name)).toBe(format);
  });

  it('sums up an import', () => {
    expect(importSummary({ imported: 3, created: 2, updated: 1 })).toBe('3 products imported (2 new, 1 updated)');
    expect(importSummary({ imported: 1, created: 0, updated: 1 })).toBe('1 product imported (0 new, 1 updated)');
    expect(importSummary({ imported: 12_500, created: 12_000, updated: 500 })).toBe('12,500 products imported (12,000 new, 500 updated)');
  });

  it('places a problem by CSV row or JSON Lines line, with its column when it has one', () => {
    expect(problemPlace('csv', { row: 3, column: 'name' })).toBe('Row 3, column name');
    expect(problemPlace('csv', { row: 1, column: null })).toBe('Row 1');
    expect(problemPlace('jsonl', { row: 2, column: 'attributes' })).toBe('Line 2, column attributes');
  });

  it('shows totals, ranks across pages, scores to three decimals and grades', () => {
    expect(productTotal(1)).toBe('1 product');
    expect(productTotal(2422)).toBe('2,422 products');
    expect(searchRank(1, 20, 0)).toBe(1);
    expect(searchRank(3, 20, 4)).toBe(45);
    expect(formatScore(0.123456)).toBe('0.123');
    expect(formatScore(undefined)).toBe('—');
    expect([gradeText(3), gradeText(0), gradeText(null), gradeText(undefined)]).toEqual(['3', '0', 'unjudged', 'unjudged']);
  });

  it('has rank and score only for a search, and the grade only when a golden set grades it', () => {
    expect(productColumns({ searched: false, graded: false })).toEqual(['Product ID', 'Image', 'Name']);
    expect(productColumns({ searched: true, graded: false })).toEqual(['Rank', 'Product ID', 'Image', 'Name', 'Score']);
    expect(productColumns({ searched: true, graded: true })).toEqual(['Rank', 'Product ID', 'Image', 'Name', 'Score', 'Grade']);
  });

  it.each(['P-1', 'a/b', 'sofa bed?', '#7', 'ü-42', '100%'])('finds the product id %j again from its page’s address', (id) => {
    // wouter hands the route parameter over after decodeURI, which keeps reserved escapes such as %2F.
    const param = decodeURI(productPath(id).slice('/catalogue/products/'.length));
    expect(productIdFromRoute(param)).toBe(id);
  });
});
