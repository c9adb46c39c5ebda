// Triage of a run's results: GET experiment-runs/{id}/results filtered by status and input,
// sorted by a metric or the input, every page the rows a plain query over all results gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/evaluation/seeded-random';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const PAGE_SIZE = 17;
const STATUSES = ['PASS', 'FAIL', 'UNJUDGED', 'ERROR'] as const;
const WORDS = ['red sofa', 'Blue SOFA', 'oak table', '50% off_sale', 'lamp', 'rug'];

interface Row {
  id: number;
  input: string;
  status: (typeof STATUSES)[number];
  ndcg: number | undefined;
  /** Minutes after a fixed time: created_at, shared by many rows. */
  minute: number;
}

describe.each(backends)('run result triage (%s)', (backend) => {
  let t: TestApp;
  let headers: { authorization: string };
  let runId: number;
  let rows: Row[];

  const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers });

  /** Every page of a query, first to one past the last, checked against `expected`; with the total. */
  async function expectPages(query: string, expected: Row[]) {
    const pages = Math.max(1, Math.ceil(expected.length / PAGE_SIZE));
    for (let page = 1; page <= pages + 1; page++) {
      const response = await get(`/experiment-runs/${runId}/results?${query}&page=${page}&page_size=${PAGE_SIZE}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count'], query).toBe(String(expected.length));
      const ids = response.json<Array<{ id: number }>>().map((r) => r.id);
      expect(ids, `${query}, page ${page}`).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => r.id));
    }
  }

  /** By a metric, missing values last in either direction, ties by id in the same direction. */
  const byNdcg = (direction: 1 | -1) => (a: Row, b: Row) => {
    const missing = direction === 1 ? Infinity : -Infinity;
    return direction * ((a.ndcg ?? missing) - (b.ndcg ?? missing)) || direction * (a.id - b.id);
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    headers = await t.auth();
    const created = await t.db.query<{ id: number }>(
      `WITH d AS (INSERT INTO datasets (name, description) VALUES ('Triage', '') RETURNING id),
            s AS (SELECT id FROM evaluation_scripts LIMIT 1),
            x AS (INSERT INTO experiments (name, evaluation_script_id, dataset_id, description) SELECT 'Triage', s.id, d.id, '' FROM s, d RETURNING id)
       INSERT INTO experiment_runs (experiment_id, evaluation_script_name, status) SELECT id, 'x', 'success' FROM x RETURNING id`,
    );
    runId = Number(created.rows[0].id);
    const random = seededRandom(14);
    const drafts = Array.from({ length: 140 }, (_, n) => {
      const status = random.pick(STATUSES);
      // One decimal: many ties, so the id decides among them.
      const ndcg = status === 'ERROR' ? undefined : Math.round(random.next() * 10) / 10;
      return { input: `${random.pick(WORDS)} ${n}`, status, ndcg };
    });
    rows = [];
    for (const [n, draft] of drafts.entries()) {
      const metrics = draft.ndcg === undefined ? {} : { 'ndcg@10': draft.ndcg, 'precision@10': 0.1 };
      const result = { input: draft.input, status: draft.status, results: { metrics } };
      const inserted = await t.db.query<{ id: number }>(
        `INSERT INTO experiment_run_results (run_id, entry_id, result, created_at)
         VALUES ($1, $2, $3::jsonb, timestamptz '2026-01-01' + $4 * interval '1 minute') RETURNING id`,
        [runId, n + 1, JSON.stringify(result), (n * 7) % 30],
      );
      rows.push({ id: Number(inserted.rows[0].id), ...draft, minute: (n * 7) % 30 });
    }
  }, 60_000);
  afterAll(() => t?.close());

  it('opens on the scored results, then the unjudged, then the errors, each newest first, on every page', async () => {
    const rank = { PASS: 0, FAIL: 0, UNJUDGED: 1, ERROR: 2 } as const;
    const expected = [...rows].sort((a, b) => rank[a.status] - rank[b.status] || b.minute - a.minute || b.id - a.id);
    await expectPages('', expected);
    // The first page holds no unjudged result while a scored one is left for a later page.
    const first = await get(`/experiment-runs/${runId}/results?page_size=${PAGE_SIZE}`);
    expect(first.json<Array<{ result: { status: string } }>>().map((r) => r.result.status)).not.toContain('UNJUDGED');
  });

  it('filters by status, one or several, and counts the matches', async () => {
    await expectPages(
      'status=FAIL',
      // Newest first, the id deciding among results stored at one time.
      rows.filter((r) => r.status === 'FAIL').sort((a, b) => b.minute - a.minute || b.id - a.id),
    );
    const failOrError = await get(`/experiment-runs/${runId}/results?status=FAIL,ERROR&page_size=1000`);
    const statuses = new Set(failOrError.json<Array<{ result: { status: string } }>>().map((r) => r.result.status));
    expect([...statuses].sort()).toEqual(['ERROR', 'FAIL']);
    expect(failOrError.headers['x-total-count']).toBe(String(rows.filter((r) => r.status === 'FAIL' || r.status === 'ERROR').length));
  });

  it('searches the input ignoring case, % and _ being plain text', async () => {
    const sofas = rows.filter((r) => r.input.toLowerCase().includes('sofa'));
    expect(sofas.length).toBeGreaterThan(10);
    const response = await get(`/experiment-runs/${runId}/results?search=SoFa&page_size=1000`);
    expect(
      response
        .json<Array<{ id: number }>>()
        .map((r) => r.id)
        .sort((a, b) => a - b),
    ).toEqual(sofas.map((r) => r.id));
    const literal = await get(`/experiment-runs/${runId}/results?search=${encodeURIComponent('0% off_')}&page_size=1000`);
    expect(literal.headers['x-total-count']).toBe(String(rows.filter((r) => r.input.includes('0% off_')).length));
    const none = await get(`/experiment-runs/${runId}/results?search=${encodeURIComponent('%_%')}`);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('sorts by a metric either way, results without it last, on every page', async () => {
    await expectPages('sort=ndcg@10&order=asc', [...rows].sort(byNdcg(1)));
    await expectPages('sort=ndcg@10&order=desc', [...rows].sort(byNdcg(-1)));
    await expectPages('sort=ndcg@10', [...rows].sort(byNdcg(1)));
  });

  it('combines a status filter, a search and a sort', async () => {
    const expected = rows
      .filter((r) => (r.status === 'FAIL' || r.status === 'PASS') && r.input.toLowerCase().includes('a'))
      .sort(byNdcg(1));
    await expectPages('status=PASS,FAIL&search=a&sort=ndcg@10&order=asc', expected);
  });

  it('sorts by input', async () => {
    const expected = [...rows].sort((a, b) => {
      const [x, y] = [a.input, b.input];
      return (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
    });
    const response = await get(`/experiment-runs/${runId}/results?sort=input&order=asc&page_size=1000`);
    const inputs = response.json<Array<{ result: { input: string } }>>().map((r) => r.result.input);
    // The database's collation orders words; the same inputs come back, each word's entries together.
    expect([...inputs].sort()).toEqual(expected.map((r) => r.input).sort());
    const desc = await get(`/experiment-runs/${runId}/results?sort=input&order=desc&page_size=1000`);
    expect(desc.json<Array<{ result: { input: string } }>>().map((r) => r.result.input)).toEqual([...inputs].reverse());
  });

  it('names the parameter of a bad filter or sort', async () => {
    const unknownMetric = await get(`/experiment-runs/${runId}/results?sort=ndcg@5`);
    expect(unknownMetric.statusCode).toBe(400);
    expect(unknownMetric.json().message).toBe(`querystring.sort must be input or one of its metrics for run ${runId}, got "ndcg@5"`);
    const badStatus = await get(`/experiment-runs/${runId}/results?status=FAIL,LOST`);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toContain('status');
    const badOrder = await get(`/experiment-runs/${runId}/results?sort=input&order=up`);
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().message).toContain('order');
    expect((await get('/experiment-runs/999999/results?status=FAIL')).statusCode).toBe(404);
  });
});
