// The templates the import dialogs offer are files the server takes as the dialogs describe them: a person
// who starts from one gets no refusal, and its extra columns land where the dialog says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRIES_TEMPLATE,
  GOLDEN_SET_CSV_TEMPLATE,
  GOLDEN_SET_QRELS_TEMPLATE,
  GOLDEN_SET_QUERIES_TEMPLATE,
  PRODUCTS_CSV_TEMPLATE,
  PRODUCTS_JSONL_TEMPLATE,
} from '../../src/domain/shared/import-templates';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('import templates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('the entries template uploads', async () => {
    const response = await t.upload('/api/service/dataset-entries/bulk-upload', [
      ['file', { file: ENTRIES_TEMPLATE.text, filename: ENTRIES_TEMPLATE.fileName, type: 'text/csv' }],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created_entries: 2, created_datasets: 3 });
  });

  it.each([PRODUCTS_CSV_TEMPLATE, PRODUCTS_JSONL_TEMPLATE])(
    'the products template $fileName imports, colour an attribute',
    async (template) => {
      const response = await t.upload('/api/backend/catalogue/import', [['file', { file: template.text, filename: template.fileName }]]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ imported: 2 });
      const product = await t.call('GET', '/api/backend/catalogue/products/P-100');
      expect(product.json().attributes).toEqual({ brand: 'Nordic', colour: 'red' });
    },
  );

  it('the golden set templates upload, as CSV and as TREC qrels with queries', async () => {
    const csv = await t.upload('/api/backend/golden-sets/', [
      ['name', 'From the CSV template'],
      ['file', { file: GOLDEN_SET_CSV_TEMPLATE.text, filename: GOLDEN_SET_CSV_TEMPLATE.fileName }],
    ]);
    expect(csv.statusCode, csv.body).toBe(201);
    expect(csv.json()).toMatchObject({ query_count: 2, judgement_count: 3 });
    const trec = await t.upload('/api/backend/golden-sets/', [
      ['name', 'From the TREC templates'],
      ['format', 'trec'],
      ['file', { file: GOLDEN_SET_QRELS_TEMPLATE.text, filename: GOLDEN_SET_QRELS_TEMPLATE.fileName }],
      ['queries', { file: GOLDEN_SET_QUERIES_TEMPLATE.text, filename: GOLDEN_SET_QUERIES_TEMPLATE.fileName }],
    ]);
    expect(trec.statusCode, trec.body).toBe(201);
    expect(trec.json()).toMatchObject({ query_count: 2, judgement_count: 3 });
  });
});
