// A curator uploads a click log to a golden set and sees the grades COEC would give each (query, product),
// and how many pairs each grade gets, before anything is stored; a bad form or file is a 400 saying where.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The hand-worked log of coec.test.ts as CSV: CTR position 1 = 0.3, position 2 = 0.2;
 * A: 20 impressions, 5 clicks, expected 5, raw 1, coec 1; B: 10, 3, expected 2, raw 1.5, coec 8/7;
 * C: 10, 2, expected 3, raw 2/3, coec 7/8 (prior 5 expected clicks).
 */
const CSV = 'query,product_id,position,impressions,clicks\nsofa,A,1,10,4\nsofa,A,2,10,1\nsofa,B,2,10,3\nsofa,C,1,10,2\n';

const query = (id: string, text: string) => JSON.stringify({ query_id: id, user_query: text });
const event = (action: string, queryId: string, objectId: string, index: number) =>
  JSON.stringify({
    action_name: action,
    query_id: queryId,
    event_attributes: { object: { object_id: objectId }, position: { ordinal: { index } } },
  });

describe.each(backends)('click-log preview (%s)', (backend) => {
  let t: TestApp;
  let setId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const set = await t.upload('/api/backend/golden-sets/', [
      ['name', 'Clicked'],
      ['max_grade', '2'],
      ['file', { file: 'query,product_id,relevance\nsofa,A,1\n' }],
    ]);
    expect(set.statusCode, set.body).toBe(201);
    setId = set.json().id;
  });
  afterAll(() => t?.close());

  const preview = (fields: Array<[string, string]>, file: string, id = setId) =>
    t.upload(`/api/backend/golden-sets/${id}/click-logs`, [...fields, ['file', { file }]]);
  const csvFields = (thresholds = '0.9,1.1'): Array<[string, string]> => [
    ['format', 'csv'],
    ['min_impressions', '10'],
    ['thresholds', thresholds],
    ['preview', 'true'],
  ];

  it('answers each pair with its COEC before and after the prior, its grade and the count per grade', async () => {
    const response = await preview(csvFields(), CSV);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ format: 'csv', min_impressions: 10, prior_clicks: 5, thresholds: [0.9, 1.1], records: 4 });
    expect(body.positions).toEqual([
      { position: 1, impressions: 20, clicks: 6, ctr: 0.3 },
      { position: 2, impressions: 20, clicks: 4, ctr: 0.2 },
    ]);
    expect(body.pairs.map((pair: { product_id: string; grade: number }) => [pair.product_id, pair.grade])).toEqual([
      ['B', 2],
      ['A', 1],
      ['C', 0],
    ]);
    expect(body.pairs[0]).toMatchObject({ query: 'sofa', impressions: 10, clicks: 3 });
    expect(body.pairs[0].coec_raw).toBeCloseTo(1.5);
    expect(body.pairs[0].coec).toBeCloseTo(8 / 7);
    expect(body.grade_counts).toEqual({ 0: 1, 1: 1, 2: 1 });
    expect(body.ungraded).toBe(0);
  });

  it('leaves pairs shown fewer than min_impressions times ungraded (20 by default)', async () => {
    const response = await preview(
      csvFields().filter(([name]) => name !== 'min_impressions'),
      CSV,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.min_impressions).toBe(20);
    expect(body.pairs.map((pair: { product_id: string; grade: number | null }) => [pair.product_id, pair.grade])).toEqual([
      ['B', null],
      ['A', 1],
      ['C', null],
    ]);
    expect(body.grade_counts).toEqual({ 0: 0, 1: 1, 2: 0 });
    expect(body.ungraded).toBe(2);
  });

  it('reads a UBI log: queries, then their impression and click events', async () => {
    const lines = [query('q1', 'Lamp')];
    for (let i = 0; i < 4; i++) lines.push(event('impression', 'q1', 'L1', 1), event('impression', 'q1', 'L2', 2));
    lines.push(
      event('click', 'q1', 'L1', 1),
      event('click', 'q1', 'L2', 2),
      event('click', 'q1', 'L2', 2),
      event('purchase', 'q1', 'L2', 2),
    );
    const response = await preview(
      [
        ['format', 'ubi'],
        ['min_impressions', '4'],
        ['prior_clicks', '0'],
        ['thresholds', '0.9,1.1'],
        ['preview', 'true'],
      ],
      lines.join('\n'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // Each pair alone at its position: COEC is 1 whatever its clicks.
    expect(body).toMatchObject({ records: 13, counted_events: 11, skipped_events: 1, grade_counts: { 0: 0, 1: 2, 2: 0 } });
    expect(body.pairs).toEqual([
      { query: 'Lamp', product_id: 'L1', impressions: 4, clicks: 1, expected_clicks: 1, coec_raw: 1, coec: 1, grade: 1 },
      { query: 'Lamp', product_id: 'L2', impressions: 4, clicks: 2, expected_clicks: 2, coec_raw: 1, coec: 1, grade: 1 },
    ]);
  });

  it('refuses a file naming the line and field at fault', async () => {
    const ubi = [query('q1', 'lamp'), event('click', 'q1', 'L1', 1), event('click', 'q2', 'L1', 1)].join('\n');
    const response = await preview([['format', 'ubi'], ...csvFields().slice(1)], ubi);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Nothing was graded: the UBI log has 1 problem; the first is at line 3, field "query_id": "q2" has no UBI query (with "user_query") on an earlier line',
    );
    expect(response.json().details).toEqual([
      { row: 3, column: 'query_id', problem: '"q2" has no UBI query (with "user_query") on an earlier line' },
    ]);
    const csv = await preview(csvFields(), 'query,product_id,position,impressions,clicks\nsofa,A,1,ten,1\n');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().details).toEqual([{ row: 2, column: 'impressions', problem: 'must be a whole number ≥ 0, not "ten"' }]);
  });

  it('refuses thresholds that do not fit the scale, a preview that is neither true nor false, and fields after the file', async () => {
    const tooFew = await preview(csvFields('1'), CSV);
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().message).toMatch(/^thresholds needs 2 rising COEC boundaries for grades 0 to 2 .*, got 1$/);
    const falling = await preview(csvFields('1.1,0.9'), CSV);
    expect(falling.json().message).toBe('thresholds must rise: boundary 2 (0.9) is not above boundary 1 (1.1)');
    const maybe = await preview(
      csvFields().map(([name, value]): [string, string] => [name, name === 'preview' ? 'maybe' : value]),
      CSV,
    );
    expect(maybe.statusCode).toBe(400);
    expect(maybe.json().message).toBe('preview must be "true" or "false", not "maybe"');
    const late = await t.upload(`/api/backend/golden-sets/${setId}/click-logs`, [
      ...csvFields().slice(0, 3),
      ['file', { file: CSV }],
      ['preview', 'true'],
    ]);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The text fields must come before the file, but "preview" came after it');
  });

  it('answers 404 for a golden set that does not exist', async () => {
    const response = await preview(csvFields(), CSV, 999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Golden set 999999 not found');
  });

  it('is for curators: a viewer is refused', async () => {
    const token = await t.issuer.token({ roles: ['viewer'] });
    const response = await t.upload(`/api/backend/golden-sets/${setId}/click-logs`, [...csvFields(), ['file', { file: CSV }]], {
      authorization: `Bearer ${token}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This needs the curator role; you are signed in as a viewer');
  });
});
