import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BuiltinSearchTarget } from '../../server/search/builtin-search';
import type { SearchTarget } from '../../server/search/search-target';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { backends, startTestApp, type TestApp } from './helpers/test-app';
import { multipart, type Part } from './helpers/multipart';

const BASE = '/api/backend/catalogue';
const UPLOAD_LIMIT_MB = 1;

const fixture = (name: string) => readFile(new URL(`./fixtures/catalogue/${name}`, import.meta.url));

describe.each(backends)('catalogue (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, { UPLOAD_LIMIT_MB: String(UPLOAD_LIMIT_MB) });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.exec('DELETE FROM products');
  });

  /** The file as a browser sends it, untyped; fields go before the file, as a form lists them. */
  const upload = (
    file: Buffer | string,
    { filename = 'catalogue.csv', field = 'file', format }: { filename?: string; field?: string; format?: string } = {},
  ) =>
    t.upload(`${BASE}/import`, [
      ...(format === undefined ? [] : [['format', format] as [string, Part]]),
      [field, { file, filename, type: '' }],
    ]);

  const get = (url: string) => t.call('GET', `${BASE}${url}`);

  async function storedProducts() {
    const { rows } = await t.db.query(
      'SELECT product_id, name, description, image_url, attributes FROM products ORDER BY product_id COLLATE "C"',
    );
    return rows;
  }

  /** Products straight into the table, for the search tests. */
  async function insert(products: Array<{ id: string; name: string; description?: string }>) {
    for (const p of products) {
      await t.db.query('INSERT INTO products (product_id, name, description) VALUES ($1, $2, $3)', [p.id, p.name, p.description ?? '']);
    }
  }

  const searchIds = async (search: string) =>
    ((await get(`/products/?search=${encodeURIComponent(search)}`)).json().results as Array<{ product_id: string }>).map(
      (p) => p.product_id,
    );

  it('imports a CSV with a BOM, CRLF, quoted line breaks and extra columns as attributes', async () => {
    const response = await upload(await fixture('products.csv'));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 3, created: 3, updated: 0 });
    expect(await storedProducts()).toEqual([
      {
        product_id: 'P-1',
        name: 'Blue velvet sofa',
        description: 'A three-seat sofa.\r\nSecond line, with a comma and "quotes".',
        image_url: 'https://img.example.com/p1.jpg',
        attributes: { seats: 3, color: 'blue' },
      },
      { product_id: 'P-2', name: 'Oak coffee table', description: 'Solid oak', image_url: '/images/p2.png', attributes: {} },
      {
        product_id: 'P-3',
        name: 'Accent chair',
        description: 'Armchair for the "reading nook"',
        image_url: null,
        attributes: { color: 'green' },
      },
    ]);
  });

  it('imports JSON Lines by file name or by the format field, other keys becoming attributes', async () => {
    const byName = await upload(await fixture('products.jsonl'), { filename: 'products.jsonl' });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({ imported: 3, created: 3, updated: 0 });
    expect(await storedProducts()).toEqual([
      { product_id: '42', name: 'Wall art print', description: '', image_url: null, attributes: {} },
      {
        product_id: 'J-1',
        name: 'Round jute rug',
        description: 'Hand-woven.\nSecond line',
        image_url: '/images/j1.jpg',
        attributes: { size: '5x8', material: 'jute' },
      },
      { product_id: 'J-3', name: 'Linen bedding set', description: '', image_url: null, attributes: {} },
    ]);

    const byField = await upload(await fixture('products.jsonl'), { filename: 'export.txt', format: 'jsonl' });
    expect(byField.json()).toEqual({ imported: 3, created: 0, updated: 3 });
  });

  it('upserts by product_id: counts what it created and what it replaced', async () => {
    await upload(await fixture('products.csv'));
    const before = (await t.db.query<{ created_at: string }>("SELECT created_at FROM products WHERE product_id = 'P-1'")).rows[0];

    const response = await upload('product_id,name\nP-1,Green velvet sofa\nP-9,Floor lamp\n');

    expect(response.json()).toEqual({ imported: 2, created: 1, updated: 1 });
    const { rows } = await t.db.query<{ product_id: string; name: string; description: string; created_at: string; updated_at: string }>(
      'SELECT product_id, name, description, created_at, updated_at FROM products ORDER BY product_id',
    );
    expect(rows.map((r) => [r.product_id, r.name, r.description])).toEqual([
      ['P-1', 'Green velvet sofa', ''],
      ['P-2', 'Oak coffee table', 'Solid oak'],
      ['P-3', 'Accent chair', 'Armchair for the "reading nook"'],
      ['P-9', 'Floor lamp', ''],
    ]);
    expect(rows[0].created_at).toEqual(before.created_at);
    expect(Date.parse(rows[0].updated_at)).toBeGreaterThanOrEqual(Date.parse(before.created_at));
  });

  it('writes nothing when a row is bad and lists the problems by row and column', async () => {
    await upload('product_id,name\nKEEP,Already there\n');

    const response = await upload(await fixture('bad-rows.csv'));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message: 'Nothing was imported: the CSV file has 3 problems; the first is at row 3, column "name": must not be blank',
      details: [
        { row: 3, column: 'name', problem: 'must not be blank' },
        { row: 4, column: 'image_url', problem: 'must be an http(s) URL or a path on this server starting with a single "/"' },
        { row: 5, column: null, problem: 'has 2 cells but the header has 4' },
      ],
    });
    expect(await storedProducts()).toEqual([
      { product_id: 'KEEP', name: 'Already there', description: '', image_url: null, attributes: {} },
    ]);
  });

  it('refuses image URLs that would load from another host or run, by row and by line', async () => {
    const rule = 'must be an http(s) URL or a path on this server starting with a single "/"';
    const csv = await upload(
      [
        'product_id,name,image_url',
        'I-1,Local,/images/i1.png',
        'I-2,Other host,//evil.example/x.png',
        'I-3,Backslash,/\\evil.example/x.png',
      ].join('\n'),
    );
    expect(csv.statusCode).toBe(400);
    expect(csv.json().details).toEqual([
      { row: 3, column: 'image_url', problem: rule },
      { row: 4, column: 'image_url', problem: rule },
    ]);

    const jsonl = await upload(
      [
        JSON.stringify({ product_id: 'I-1', name: 'Web', image_url: 'https://img.example.com/i1.png' }),
        JSON.stringify({ product_id: 'I-2', name: 'Script', image_url: 'javascript:alert(1)' }),
        JSON.stringify({ product_id: 'I-3', name: 'Tab', image_url: '/\t/evil.example/x.png' }),
      ].join('\n'),
      { filename: 'catalogue.jsonl' },
    );
    expect(jsonl.statusCode).toBe(400);
    expect(jsonl.json().details).toEqual([
      { row: 2, column: 'image_url', problem: rule },
      { row: 3, column: 'image_url', problem: `${rule}, without spaces or control characters` },
    ]);
    expect(await storedProducts()).toEqual([]);
  });

  it('writes nothing when a JSON line is bad and numbers problems by line', async () => {
    const response = await upload(await fixture('bad-lines.jsonl'), { filename: 'bad.jsonl' });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toMatch(/^Nothing was imported: the JSON Lines file has 2 problems; the first is at line 2: is not valid JSON/);
    expect(body.details.map((p: { row: number; column: string | null }) => [p.row, p.column])).toEqual([
      [2, null],
      [3, null],
    ]);
    expect(body.details[1].problem).toBe('must be a JSON object, not an array');
    expect(await storedProducts()).toEqual([]);
  });

  it('refuses a file that repeats a product_id, a header without name, and an empty file', async () => {
    const repeated = await upload('product_id,name\nA,One\nB,Two\nA,Three\n');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details).toEqual([{ row: 4, column: 'product_id', problem: 'repeats the product_id "A" of row 2' }]);

    const noName = await upload('product_id,title\nA,One\n');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('The CSV header (row 1) is not valid: column "name" required column is missing from the header');

    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ row: 1, column: null, problem: 'no header row' }]);

    const badFormat = await upload('x', { format: 'xml' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe('The "format" field must be "csv" or "jsonl", not "xml"');
    expect(await storedProducts()).toEqual([]);
  });

  it('answers 413 over the upload limit and writes nothing', async () => {
    const row = `,${'x'.repeat(200)}\n`;
    const lines = ['product_id,name'];
    for (let i = 0; lines.length * row.length < UPLOAD_LIMIT_MB * 1024 * 1024 * 1.2; i++) lines.push(`big-${i}${row}`);

    const response = await upload(lines.join('\n'));

    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(`The file is larger than the upload limit of ${UPLOAD_LIMIT_MB} MiB; nothing was imported`);
    expect(await storedProducts()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const { payload, contentType } = await multipart([['file', { file: 'product_id,name\nA,One\n', filename: 'catalogue.csv', type: '' }]]);
    const imported = await t.app.inject({ method: 'POST', url: `${BASE}/import`, payload, headers: { 'content-type': contentType } });
    const listed = await t.app.inject({ method: 'GET', url: `${BASE}/products/` });
    const deleted = await t.app.inject({ method: 'DELETE', url: `${BASE}/products/A` });
    expect([imported.statusCode, listed.statusCode, deleted.statusCode]).toEqual([401, 401, 401]);
    expect(await storedProducts()).toEqual([]);
  });

  it('lists, gets and deletes products; 404 for an unknown one', async () => {
    await upload(await fixture('products.csv'));

    const page = await get('/products/?page=2&page_size=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().count).toBe(3);
    expect(page.json().results.map((p: { product_id: string }) => p.product_id)).toEqual(['P-3']);

    const one = await get('/products/P-2');
    expect(one.json()).toMatchObject({
      product_id: 'P-2',
      name: 'Oak coffee table',
      description: 'Solid oak',
      image_url: '/images/p2.png',
      attributes: {},
    });

    const deleted = await t.call('DELETE', `${BASE}/products/P-2`);
    expect(deleted.statusCode).toBe(204);
    const gone = await get('/products/P-2');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Not Found', message: 'Product P-2 not found' });
    const again = await t.call('DELETE', `${BASE}/products/P-2`);
    expect(again.statusCode).toBe(404);
    expect((await storedProducts()).map((p) => p.product_id)).toEqual(['P-1', 'P-3']);
  });

  it('ranks name matches above description-only matches, stems words and breaks ties by product_id', async () => {
    await insert([
      { id: 'd-only', name: 'Floor lamp', description: 'Looks good next to a sofa' },
      { id: 'n-b', name: 'Velvet sofa', description: 'Seats three' },
      { id: 'n-a', name: 'Leather sofas', description: 'Seats two' },
      { id: 'none', name: 'Coffee table', description: 'Oak' },
    ]);

    const response = await get('/products/?search=sofa&page_size=10');

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const { count, results } = response.json();
    expect(count).toBe(3);
    expect(results.map((p: { product_id: string }) => p.product_id)).toEqual(['n-a', 'n-b', 'd-only']);
    expect(results[0].score).toBeGreaterThan(results[2].score);
    expect(results[0]).toMatchObject({ name: 'Leather sofas', description: 'Seats two', attributes: {} });
  });

  it('understands websearch syntax: "phrases", -exclusion and or', async () => {
    await insert([
      { id: 'a', name: 'Blue velvet sofa' },
      { id: 'b', name: 'Velvet blue armchair' },
      { id: 'c', name: 'Green velvet sofa' },
      { id: 'd', name: 'Oak table' },
    ]);

    expect(await searchIds('velvet')).toEqual(['a', 'b', 'c']);
    expect(await searchIds('"blue velvet"')).toEqual(['a']);
    expect(await searchIds('velvet -sofa')).toEqual(['b']);
    expect(await searchIds('armchair or table')).toEqual(['b', 'd']);
    expect(await searchIds('the')).toEqual([]);
    expect(await searchIds('   ')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the SearchTarget contract: top k, best first, name and image_url when known', async () => {
    await insert([
      { id: 'x2', name: 'Rug', description: 'rug rug' },
      { id: 'x1', name: 'Round rug' },
      { id: 'x3', name: 'Lamp', description: 'for a rug' },
    ]);
    await t.db.query("UPDATE products SET image_url = '/images/x1.png' WHERE product_id = 'x1'");
    const target: SearchTarget = new BuiltinSearchTarget(t.db);

    expect(target.kind).toBe('builtin');
    expect(await target.search('rug', 2)).toEqual([
      { product_id: 'x2', name: 'Rug' },
      { product_id: 'x1', name: 'Round rug', image_url: '/images/x1.png' },
    ]);
    expect(await target.search('rug', 10)).toHaveLength(3);
    expect(await target.search('nothing-matches', 10)).toEqual([]);
    await expect(target.search('rug', 0)).rejects.toThrow('k must be an integer from 1 to 1000, got 0');
  });
});

describe('demo catalogue (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('holds every product the demo runs show, labelled as generated, and finds them by their query', async () => {
    expect(await seedDemoData(t.db)).toBe(true);

    const { rows: missing } = await t.db.query(
      `SELECT DISTINCT hit->>'product_id' AS product_id, hit->>'name' AS name
       FROM experiment_run_results r, jsonb_array_elements(r.result->'results'->'search_results') AS hit
       WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = hit->>'product_id' AND p.name = hit->>'name')`,
    );
    expect(missing).toEqual([]);
    const { rows: unjudged } = await t.db.query(
      `SELECT DISTINCT judged->>'product_id' AS product_id
       FROM experiment_run_results r, jsonb_array_elements(r.result->'results'->'golden_set') AS judged
       WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.product_id = judged->>'product_id')`,
    );
    expect(unjudged).toEqual([]);
    const { rows } = await t.db.query<{ unlabelled: number; total: number }>(
      "SELECT count(*) FILTER (WHERE description NOT LIKE 'Generated%')::int AS unlabelled, count(*)::int AS total FROM products",
    );
    expect(rows[0].unlabelled).toBe(0);
    expect(rows[0].total).toBeGreaterThan(1000);

    const { rows: entry } = await t.db.query<{ input: string }>(
      `SELECT r.result->>'input' AS input FROM experiment_run_results r ORDER BY r.id LIMIT 1`,
    );
    const hits = await new BuiltinSearchTarget(t.db).search(entry[0].input, 10);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.name!.endsWith('(generated)'))).toBe(true);
  });
});
