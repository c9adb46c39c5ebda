import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonTextProblem, roundTrips } from '../../server/import/json-safety';
import { MAX_JSON_DEPTH } from '../../server/schemas/limits';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

/** `{"a":[[…[1]…]]}`: the document is `depth` levels deep. */
const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}}`;

describe('jsonTextProblem', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, at any depth without overflowing`, () => {
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH + 1))?.problem).toBe(
      `is nested more than ${MAX_JSON_DEPTH} levels deep (arrays and objects)`,
    );
    expect(jsonTextProblem(nested(1_000_000))?.path.slice(0, 3)).toEqual(['a', 0, 0]);
  });

  it('finds U+0000 and unpaired surrogates in strings and keys, escaped or not, with their path', () => {
    expect(jsonTextProblem('{"a":{"b":["x","y\\u0000"]}}')).toEqual({
      path: ['a', 'b', 1],
      problem: 'contains U+0000 (a NUL character), which cannot be stored',
    });
    expect(jsonTextProblem('{"a":{"k\\u0000":1}}')?.path).toEqual(['a']);
    expect(jsonTextProblem('{"a":"\\ud800"}')?.problem).toMatch(/unpaired surrogate/);
    expect(jsonTextProblem('{"a":"\\udc00x"}')?.problem).toMatch(/unpaired surrogate/);
    expect(jsonTextProblem('{"a":"\ud800"}')?.problem).toMatch(/unpaired surrogate/);
    expect(jsonTextProblem('{"a":"\\ud83d\\ude00 \ud83d\ude00 \\\\u0000 \\\\ud800"}')).toBeUndefined();
  });

  it('keeps numbers a double holds exactly and refuses the rest', () => {
    for (const ok of [
      '0',
      '-0',
      '1.50',
      '15e-1',
      '0.1',
      '1e21',
      '9007199254740993e-5',
      '123456789012345',
      '1.7976931348623157e308',
      '5e-324',
    ])
      expect(roundTrips(ok), ok).toBe(true);
    for (const bad of ['1e400', '1e-400', '123456789012345678901234567890', '9007199254740993', '0.1000000000000000055511151231257827'])
      expect(roundTrips(bad), bad).toBe(false);
    expect(jsonTextProblem('{"a":[1,2,1e400]}')).toEqual({
      path: ['a', 2],
      problem: 'is the number 1e400, which cannot be kept exactly (at most 15 significant digits within ±1.7e308)',
    });
  });
});

describe.each(backends)('JSON the server cannot keep is a 400 naming the field (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.exec('DELETE FROM dataset_entries; DELETE FROM datasets; DELETE FROM products;');
  });

  const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const postEntry = (payload: string) => t.call('POST', '/api/service/dataset-entries/', payload, { 'content-type': 'application/json' });

  it.each([
    [`{"input":"q","input_metadata":${nested(10_000)}}`, `body.input_metadata.a[0][0]… is nested more than ${MAX_JSON_DEPTH} levels deep`],
    [`${'['.repeat(5000)}${']'.repeat(5000)}`, `body[0][0][0][0]… is nested more than ${MAX_JSON_DEPTH} levels deep`],
    ['{"input":"q","input_metadata":{"price":1e400}}', 'body.input_metadata.price is the number 1e400'],
    ['{"input":"q","input_metadata":{"price":1e-400}}', 'body.input_metadata.price is the number 1e-400'],
    [
      '{"input":"q","input_metadata":{"id":123456789012345678901234567890}}',
      'body.input_metadata.id is the number 123456789012345678901234567890',
    ],
    ['{"input":"q","input_metadata":{"s":"\\ud800"}}', 'body.input_metadata.s contains an unpaired surrogate'],
    ['{"input":"q\\u0000"}', 'body.input contains U+0000'],
    ['{"input":"q","input_metadata":{"k\\u0000":1}}', 'body.input_metadata has a key that contains U+0000'],
  ])('POST dataset-entries %#: refuses, names the field and writes nothing', async (payload, message) => {
    const response = await postEntry(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await count('dataset_entries')).toBe(0);
  });

  // The body is level 1 and input_metadata level 2: the whole body may be MAX_JSON_DEPTH levels deep.
  it('still stores metadata that is deep enough and exact', async () => {
    const response = await postEntry(`{"input":"q","input_metadata":{"n":0.1,"big":1e300,"deep":${nested(MAX_JSON_DEPTH - 2)}}}`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().input_metadata).toMatchObject({ n: 0.1, big: 1e300 });
  });

  it('refuses a bulk-upload CSV whose metadata cell nests 10,000 levels, then stores what the next upload acknowledges', async () => {
    const cell = nested(10_000).replaceAll('"', '""');
    const bad = await t.upload('/api/service/dataset-entries/bulk-upload', [['file', { file: `input,input_metadata\nq,"${cell}"\n` }]]);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().details).toEqual([
      { row: 2, column: 'input_metadata', problem: `a[0][0][0]… is nested more than ${MAX_JSON_DEPTH} levels deep (arrays and objects)` },
    ]);
    expect(await count('dataset_entries')).toBe(0);
    const good = await t.upload('/api/service/dataset-entries/bulk-upload', [['file', { file: 'input,input_metadata\nq,"{""n"":1}"\n' }]]);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().created_entries).toBe(1);
    expect((await t.db.query('SELECT input, input_metadata FROM dataset_entries')).rows).toEqual([
      { input: 'q', input_metadata: { n: 1 } },
    ]);
  });

  it('refuses numbers and surrogates in bulk-upload metadata cells, naming the row and column', async () => {
    const file = 'input,input_metadata\nq1,"{""p"":1e400}"\nq2,"{""s"":""\\udc00""}"\nq3,"{""id"":123456789012345678901234567890}"\n';
    const response = await t.upload('/api/service/dataset-entries/bulk-upload', [['file', { file }]]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { row: 2, column: 'input_metadata', problem: expect.stringContaining('p is the number 1e400') },
      { row: 3, column: 'input_metadata', problem: expect.stringContaining('s contains an unpaired surrogate') },
      { row: 4, column: 'input_metadata', problem: expect.stringContaining('id is the number 123456789012345678901234567890') },
    ]);
    expect(await count('dataset_entries')).toBe(0);
  });

  it('refuses catalogue attributes nested too deep, in CSV and JSON Lines', async () => {
    const cell = nested(10_000).replaceAll('"', '""');
    const csv = await t.upload('/api/backend/catalogue/import', [['file', { file: `product_id,name,attributes\nP1,Sofa,"${cell}"\n` }]]);
    expect(csv.statusCode, csv.body).toBe(400);
    expect(csv.json().details).toEqual([{ row: 2, column: 'attributes', problem: expect.stringContaining('is nested more than') }]);
    const lines = `{"product_id":"P1","name":"Sofa","attributes":${nested(10_000)}}\n{"product_id":"P2","name":"x","colour":"\\u0000"}\n`;
    const jsonl = await t.upload('/api/backend/catalogue/import', [
      ['format', 'jsonl'],
      ['file', { file: lines }],
    ]);
    expect(jsonl.statusCode, jsonl.body).toBe(400);
    expect(jsonl.json().details).toEqual([
      { row: 1, column: 'attributes', problem: `a[0][0][0]… is nested more than ${MAX_JSON_DEPTH} levels deep (arrays and objects)` },
      { row: 2, column: 'colour', problem: 'contains U+0000 (a NUL character), which cannot be stored' },
    ]);
    expect(await count('products')).toBe(0);
  });
});
