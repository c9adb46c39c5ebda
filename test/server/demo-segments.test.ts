// A new user's first run page has segments: the demo's runs are linked to the demo entries they searched, and
// those entries carry metadata that groups queries (traffic band, device) beside WANDS's own fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/demo/seed-demo-data';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

interface Result {
  id: number;
  entry_id?: number;
  result: { input: string; status: string; results?: { metrics?: Record<string, number> } };
}

interface Segment {
  value: string;
  results: number;
  counted: number;
  passed: number;
  failed: number;
  mean_metrics: Record<string, number>;
}

describe.each(backends)('segments of a demo run (%s)', (backend) => {
  let t: TestApp;
  let runId: number;
  let results: Result[];
  const metadata = new Map<number, Record<string, unknown>>();

  const get = (url: string) => t.call('GET', `${API}${url}`);

  beforeAll(async () => {
    t = await startTestApp(backend);
    expect(await seedDemoData(t.db)).toBe(true);
    const run = await t.db.query<{ id: string }>(
      `SELECT r.id FROM experiment_runs r JOIN experiments e ON e.id = r.experiment_id
       WHERE e.name = 'BM25 baseline' AND r.status = 'success' ORDER BY r.created_at LIMIT 1`,
    );
    runId = Number(run.rows[0].id);
    const response = await get(`/experiment-runs/${runId}/results?page_size=100`);
    expect(response.statusCode, response.body).toBe(200);
    results = response.json<Result[]>();
    const entries = await t.db.query<{ id: string; input_metadata: Record<string, unknown> }>(
      'SELECT id, input_metadata FROM dataset_entries WHERE demo',
    );
    for (const entry of entries.rows) metadata.set(Number(entry.id), entry.input_metadata);
  }, 120_000);
  afterAll(() => t?.close());

  it('links every result of every demo run to the demo entry it searched', async () => {
    const { rows } = await t.db.query<{ unlinked: number }>(
      `SELECT count(*)::int AS unlinked FROM experiment_run_results r JOIN experiment_runs x ON x.id = r.run_id
       WHERE x.demo AND NOT EXISTS (SELECT 1 FROM dataset_entries e WHERE e.id = r.entry_id AND e.input = r.input)`,
    );
    expect(rows[0].unlinked).toBe(0);
    expect(results.length).toBeGreaterThan(0);
  });

  it("offers the demo entries' keys to segment by, the generated bands among them", async () => {
    const response = await get(`/experiment-runs/${runId}/segment-keys`);
    expect(response.statusCode, response.body).toBe(200);
    const keys = response.json<{ keys: Array<{ key: string; values: number; results: number; groupable: boolean }> }>().keys;
    expect(keys.map((k) => k.key)).toEqual(['device', 'query_class', 'query_id', 'source', 'traffic']);
    expect(keys.find((k) => k.key === 'traffic')).toEqual({ key: 'traffic', values: 3, results: results.length, groupable: true });
    expect(keys.find((k) => k.key === 'device')).toEqual({ key: 'device', values: 3, results: results.length, groupable: true });
  });

  it("answers each traffic band's means as the run's per-query results grouped by hand", async () => {
    const response = await get(`/experiment-runs/${runId}/segments?key=traffic`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ metric: string; segments: Segment[]; without_value: number }>();
    expect(body.metric).toBe('ndcg@10');
    expect(body.without_value).toBe(0);
    expect(body.segments.map((s) => s.value).sort()).toEqual(['head', 'tail', 'torso']);
    for (const segment of body.segments) {
      const inSegment = results.filter((r) => metadata.get(r.entry_id!)?.traffic === segment.value);
      // Every demo query is searched once per run, so each scored result counts.
      const scored = inSegment.filter((r) => r.result.status === 'PASS' || r.result.status === 'FAIL');
      expect(segment, segment.value).toMatchObject({
        results: inSegment.length,
        counted: scored.length,
        passed: inSegment.filter((r) => r.result.status === 'PASS').length,
        failed: inSegment.filter((r) => r.result.status === 'FAIL').length,
      });
      for (const [name, mean] of Object.entries(segment.mean_metrics)) {
        const values = scored.map((r) => r.result.results!.metrics![name]);
        expect(mean, `${segment.value} ${name}`).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 12);
      }
    }
    // The demo searches frequent queries better than rare ones, so the bands tell a story: tail worst, head best.
    expect(body.segments.map((s) => s.value)).toEqual(['tail', 'torso', 'head']);
  });
});
