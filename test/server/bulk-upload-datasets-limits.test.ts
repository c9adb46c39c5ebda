import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DATASETS_PER_CELL, MAX_DATASETS_PER_FILE } from '../../server/schemas/limits';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const BULK_UPLOAD = '/api/service/dataset-entries/bulk-upload';
const names = (from: number, count: number) => Array.from({ length: count }, (_, i) => `D${from + i}`).join('|');

// One cell could create 20,000 datasets: a cell and a file may name only so many.
describe.each(backends)('bulk upload: datasets per cell and per file (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets;');
  });

  const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

  it(`refuses a cell naming more than ${MAX_DATASETS_PER_CELL} datasets, and writes nothing`, async () => {
    const response = await t.upload(BULK_UPLOAD, [
      ['file', { file: `input,datasets\nok,${names(0, MAX_DATASETS_PER_CELL)}\nq,${names(0, 20_000)}\n` }],
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { row: 3, column: 'datasets', problem: `names 20000 datasets; a cell may name at most ${MAX_DATASETS_PER_CELL}` },
    ]);
    expect(await count('datasets')).toBe(0);
    expect(await count('dataset_entries')).toBe(0);
  });

  it(`refuses a file naming more than ${MAX_DATASETS_PER_FILE} different datasets, at the row that goes over`, async () => {
    const rows: string[] = [];
    for (let from = 0; from <= MAX_DATASETS_PER_FILE; from += MAX_DATASETS_PER_CELL)
      rows.push(`q${from},${names(from, MAX_DATASETS_PER_CELL)}`);
    const response = await t.upload(BULK_UPLOAD, [['file', { file: `input,datasets\n${rows.join('\n')}\n` }]]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      {
        row: rows.length + 1,
        column: 'datasets',
        problem: `brings the file to more than ${MAX_DATASETS_PER_FILE} different dataset names, the most one file may name`,
      },
    ]);
    expect(await count('datasets')).toBe(0);
    expect(await count('dataset_entries')).toBe(0);
  });

  it(`accepts ${MAX_DATASETS_PER_FILE} different datasets, repeated as often as needed`, async () => {
    const rows: string[] = [];
    for (let from = 0; from < MAX_DATASETS_PER_FILE; from += MAX_DATASETS_PER_CELL)
      rows.push(`q${from},${names(from, MAX_DATASETS_PER_CELL)}`);
    rows.push(`again,${names(0, MAX_DATASETS_PER_CELL)}`);
    const response = await t.upload(BULK_UPLOAD, [['file', { file: `input,datasets\n${rows.join('\n')}\n` }]]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().created_datasets).toBe(MAX_DATASETS_PER_FILE);
    expect(await count('datasets')).toBe(MAX_DATASETS_PER_FILE);
  });
});
