import { readFile } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importEntriesCsv } from '../../server/bulk/import-csv';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart } from './helpers/multipart';
import { BULK_UPLOAD_ROUTE, csvFile, uploadCsv } from './helpers/bulk-upload';

const UPLOAD_LIMIT_MB = 2;
/** Who the uploads called directly are recorded as (the routes pass the token's holder). */
const UPLOADER = { sub: 'test-user', name: 'Test user' };

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

/** `rows` short, valid data rows; `bad` maps a spreadsheet row number to its raw line instead. */
function generatedCsv(rows: number, bad: Record<number, string> = {}): string {
  const lines = ['input,datasets,input_metadata'];
  for (let row = 2; row <= rows + 1; row++) {
    lines.push(bad[row] ?? `query ${row},Bulk ${row % 3}|Bulk ${(row + 1) % 3},"{""n"":${row}}"`);
  }
  return `${lines.join('\n')}\n`;
}

describe.each(backends)('POST dataset-entries/bulk-upload (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, { UPLOAD_LIMIT_MB: String(UPLOAD_LIMIT_MB) });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets;');
  });

  const upload = (file: Buffer | string, field = 'file') => uploadCsv(t, file, { field });

  async function tableCounts() {
    const { rows } = await t.db.query<{ entries: number; mappings: number; datasets: number }>(
      `SELECT (SELECT count(*)::int FROM dataset_entries) AS entries,
              (SELECT count(*)::int FROM dataset_entry_mappings) AS mappings,
              (SELECT count(*)::int FROM datasets) AS datasets`,
    );
    return rows[0];
  }

  async function entriesWithDatasets() {
    const { rows } = await t.db.query(
      `SELECT e.input, e.input_metadata, e.description,
              coalesce((SELECT array_agg(d.name ORDER BY d.name) FROM dataset_entry_mappings m
                        JOIN datasets d ON d.id = m.dataset_id WHERE m.dataset_entry_id = e.id), '{}') AS datasets
       FROM dataset_entries e ORDER BY e.id`,
    );
    return rows;
  }

  it('imports entries, creates unknown datasets once, counts duplicate mappings once and keeps extra columns as metadata', async () => {
    await t.db.query("INSERT INTO datasets (name, description) VALUES ('Sofas', 'Made by hand')");

    const response = await upload(await fixture('bulk-upload-basic.csv'));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      created_entries: 4,
      created_datasets: 2,
      created_mappings: 5,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    expect(await entriesWithDatasets()).toEqual([
      {
        input: 'red velvet sofa',
        input_metadata: { source: 'search-log', clicks: 12, locale: 'en-US' },
        description: 'Top query in May',
        datasets: ['Living room', 'Sofas'],
      },
      { input: 'oak dining table', input_metadata: null, description: null, datasets: ['Living room', 'Sofas'] },
      { input: 'brass floor lamp', input_metadata: { locale: 'en-GB' }, description: null, datasets: ['Lighting'] },
      { input: 'outdoor rug, 5x8', input_metadata: {}, description: null, datasets: [] },
    ]);
    const datasets = await t.db.query('SELECT name, description FROM datasets ORDER BY name');
    expect(datasets.rows).toEqual([
      { name: 'Lighting', description: 'Created by bulk upload' },
      { name: 'Living room', description: 'Created by bulk upload' },
      { name: 'Sofas', description: 'Made by hand' },
    ]);
  });

  it('reads a UTF-8 BOM, CRLF line ends and line breaks inside quotes', async () => {
    const file = await fixture('bulk-upload-bom-crlf.csv');
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the fixture must keep its bytes
    expect(file.toString()).toContain('\r\n');

    const response = await upload(file);

    expect(response.json()).toEqual({
      created_entries: 2,
      created_datasets: 1,
      created_mappings: 2,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    expect(await entriesWithDatasets()).toEqual([
      { input: 'Décor pillow', input_metadata: null, description: null, datasets: ['Décor'] },
      { input: 'two-line\r\nquery', input_metadata: null, description: 'said "hi"', datasets: ['Décor'] },
    ]);
  });

  it('numbers problem rows as a spreadsheet does (header = 1, a multi-line record is one row) and writes nothing', async () => {
    const response = await upload(await fixture('bulk-upload-bad-rows.csv'));

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({
      error: 'Bad Request',
      message: 'Nothing was imported: the CSV file has 4 problems; the first is at row 3, column "input": must not be blank',
      details: [
        { row: 3, column: 'input', problem: 'must not be blank' },
        { row: 5, column: 'input_metadata', problem: expect.stringMatching(/^is not valid JSON \(/) },
        { row: 6, column: null, problem: 'has 2 cells but the header has 3' },
        { row: 7, column: 'input_metadata', problem: 'must be a JSON object, not an array' },
      ],
    });
    expect(await tableCounts()).toEqual({ entries: 0, mappings: 0, datasets: 0 });
  });

  it('rejects a file without an input column, naming it', async () => {
    const response = await upload(await fixture('bulk-upload-missing-input.csv'));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message: 'The CSV header (row 1) has no "input" column; found: "query", "datasets"',
      details: [{ row: 1, column: 'input', problem: 'required column is missing from the header' }],
    });
  });

  it('rejects a duplicate column name', async () => {
    const response = await upload('input,locale,locale\nlamp,en,de\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ row: 1, column: 'locale', problem: 'appears more than once in the header' }]);
  });

  it('accepts a header without rows and creates nothing', async () => {
    const response = await upload(await fixture('bulk-upload-header-only.csv'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      created_entries: 0,
      created_datasets: 0,
      created_mappings: 0,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
  });

  it('rejects an empty file: the header row is required', async () => {
    const response = await upload('');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file is empty: its first row must be a header naming the columns, at least "input"');
  });

  it('writes nothing when a row near the end of a large file is bad, though earlier chunks were copied', async () => {
    const csv = generatedCsv(20_000, { 19_998: 'query 19998,Bulk 1,"{""n"": 1' });

    const response = await upload(csv);

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { row: 19_998, column: 'input_metadata', problem: expect.stringMatching(/^is not valid JSON/) },
    ]);
    expect(await tableCounts()).toEqual({ entries: 0, mappings: 0, datasets: 0 });

    // The same file, fixed, goes in whole.
    const fixed = await upload(generatedCsv(20_000));
    expect(fixed.json()).toEqual({
      created_entries: 20_000,
      created_datasets: 3,
      created_mappings: 40_000,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    expect(await tableCounts()).toEqual({ entries: 20_000, mappings: 40_000, datasets: 3 });
  });

  it('lists at most 100 problems', async () => {
    const bad: Record<number, string> = {};
    for (let row = 10; row < 160; row++) bad[row] = ' ,Bulk 1,';
    const response = await upload(generatedCsv(300, bad));

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details).toHaveLength(100);
    expect(body.details[99]).toEqual({ row: 109, column: 'input', problem: 'must not be blank' });
    expect(body.message).toMatch(/^Nothing was imported: the CSV file has at least 100 problems; the first is at row 10/);
  });

  it('reports an unclosed quote at the row where it opens', async () => {
    const response = await upload('input,datasets\nlamp,Rugs\n"sofa,Rugs\nchair,Rugs\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ row: 3, column: null, problem: 'has a quote (") that is never closed' }]);
    expect(await tableCounts()).toEqual({ entries: 0, mappings: 0, datasets: 0 });
  });

  it('refuses a JSON number beyond what the database and JavaScript hold, at its row', async () => {
    const response = await upload(`input,input_metadata\nlamp,\nsofa,"{""n"": 1e999999}"\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { row: 3, column: 'input_metadata', problem: expect.stringMatching(/^n is the number 1e999999, which cannot be kept exactly/) },
    ]);
    expect(await tableCounts()).toEqual({ entries: 0, mappings: 0, datasets: 0 });
  });

  it(`answers 413 over UPLOAD_LIMIT_MB (${UPLOAD_LIMIT_MB} MiB) and writes nothing`, async () => {
    const csv = generatedCsv(60_000);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(UPLOAD_LIMIT_MB * 1024 * 1024);

    const response = await upload(csv);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'Payload Too Large',
      message: `The file is larger than the upload limit of ${UPLOAD_LIMIT_MB} MiB; nothing was imported`,
    });
    expect(await tableCounts()).toEqual({ entries: 0, mappings: 0, datasets: 0 });
  });

  it('needs the CSV in a multipart field named file', async () => {
    const wrongField = await upload('input\nlamp\n', 'csv');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('The CSV must be in a form field named "file", not "csv"');

    const withoutFile = await t.upload(BULK_UPLOAD_ROUTE, [['note', 'no file here']]);
    expect(withoutFile.statusCode).toBe(400);
    expect(withoutFile.json().message).toBe('The form has no file: send the CSV in a field named "file"');

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: BULK_UPLOAD_ROUTE,
      payload: 'input\nlamp\n',
      headers: { ...(await t.auth()), 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toMatch(/^The multipart form could not be read: /);

    const json = await t.call('POST', BULK_UPLOAD_ROUTE, { file: 'input\nlamp' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the CSV as multipart/form-data with the file in a field named "file"');
    expect(await tableCounts()).toEqual({ entries: 0, mappings: 0, datasets: 0 });
  });

  it('needs a bearer token', async () => {
    const { payload, contentType } = await multipart([['file', csvFile('input\nlamp\n')]]);
    const response = await t.app.inject({ method: 'POST', url: BULK_UPLOAD_ROUTE, payload, headers: { 'content-type': contentType } });
    expect(response.statusCode).toBe(401);
    expect(await tableCounts()).toEqual({ entries: 0, mappings: 0, datasets: 0 });
  });

  it.each([
    { skipForeignKeyTriggers: 'auto' as const, label: 'without the foreign-key triggers where allowed' },
    { skipForeignKeyTriggers: false as const, label: 'with the foreign-key triggers' },
  ])('stores the same rows in small chunks $label', async ({ skipForeignKeyTriggers }) => {
    await t.db.query("INSERT INTO datasets (name, description) VALUES ('Bulk 1', 'existing')");
    const csv = generatedCsv(25);

    const counts = await importEntriesCsv(t.db, UPLOADER, Readable.from([Buffer.from(csv)]), { chunkRows: 4, skipForeignKeyTriggers });

    expect(counts).toEqual({
      created_entries: 25,
      created_datasets: 2,
      created_mappings: 50,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    const rows = await entriesWithDatasets();
    expect(rows).toHaveLength(25);
    expect(rows[0]).toEqual({ input: 'query 2', input_metadata: { n: 2 }, description: null, datasets: ['Bulk 0', 'Bulk 2'] });
    expect(rows[24]).toEqual({ input: 'query 26', input_metadata: { n: 26 }, description: null, datasets: ['Bulk 0', 'Bulk 2'] });
    // Deleting a dataset still cascades to the mappings copied without triggers.
    await t.db.query("DELETE FROM datasets WHERE name = 'Bulk 0'");
    expect(await tableCounts()).toEqual({ entries: 25, mappings: 50 - 17, datasets: 2 });
  });

  it('lets two uploads create the same new datasets at once, in opposite orders', async () => {
    const csv = (first: string, second: string) => {
      const lines = ['input,datasets'];
      for (let i = 0; i < 40; i++) lines.push(`query ${i},${i < 20 ? first : second}`);
      return Buffer.from(`${lines.join('\n')}\n`);
    };
    const both = await Promise.all([
      importEntriesCsv(t.db, UPLOADER, Readable.from([csv('Shared A', 'Shared B')]), { chunkRows: 5 }),
      importEntriesCsv(t.db, UPLOADER, Readable.from([csv('Shared B', 'Shared A')]), { chunkRows: 5 }),
    ]);

    expect(both.map((counts) => counts.created_entries)).toEqual([40, 40]);
    expect(both[0].created_datasets + both[1].created_datasets).toBe(2);
    expect(await tableCounts()).toEqual({ entries: 80, mappings: 80, datasets: 2 });
    const perDataset = await t.db.query(
      `SELECT d.name, count(*)::int AS entries FROM dataset_entry_mappings m JOIN datasets d ON d.id = m.dataset_id
       GROUP BY d.name ORDER BY d.name`,
    );
    expect(perDataset.rows).toEqual([
      { name: 'Shared A', entries: 40 },
      { name: 'Shared B', entries: 40 },
    ]);
  });

  it('holds the datasets it links to, so a deletion waits for the upload and cascades to its mappings', async () => {
    await t.db.query("INSERT INTO datasets (name, description) VALUES ('Kept', 'linked by the upload')");
    const source = new PassThrough();
    const upload = importEntriesCsv(t.db, UPLOADER, source, { chunkRows: 2 });
    source.write('input,datasets\n');
    for (let i = 0; i < 10; i++) source.write(`query ${i},Kept\n`);
    // Wait until the upload holds the dataset (PostgreSQL shows the row lock in xmax; PGlite's single
    // connection is busy with the upload's transaction until the file ends).
    for (let tries = 0; backend === 'postgres' && tries < 100; tries++) {
      const { rows } = await t.db.query<{ locked: boolean }>("SELECT xmax::text <> '0' AS locked FROM datasets WHERE name = 'Kept'");
      if (rows[0].locked) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (backend === 'pglite') await new Promise((resolve) => setTimeout(resolve, 300));

    const deletion = t.db.query("DELETE FROM datasets WHERE name = 'Kept'");
    await new Promise((resolve) => setTimeout(resolve, 100));
    source.end();

    expect(await upload).toEqual({
      created_entries: 10,
      created_datasets: 0,
      created_mappings: 10,
      existing_inputs: 0,
      repeated_inputs: 0,
      skipped_inputs: 0,
    });
    expect((await deletion).rowCount).toBe(1);
    expect(await tableCounts()).toEqual({ entries: 10, mappings: 0, datasets: 0 });
  });
});
