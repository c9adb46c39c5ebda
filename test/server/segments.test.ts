// Reading runs by segment: the metadata keys of a run's entries, its means per value of one (equal to
// its per-query results grouped by hand), the results list and a comparison filtered to one value, and
// a comparison's delta per value with the comparison's own tests, Holm-corrected across the values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePaired, studentTQuantile } from '../../server/evaluation/paired-stats';
import { holmAdjusted } from '../../server/evaluation/holm';
import { queryKey } from '../../server/evaluation/query-key';
import { startEngineRuns, type EngineRuns } from './helpers/engine-run';
import { backends, type TestApp } from './helpers/test-app';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
  'p5,Glass coffee table,Tempered glass',
  'p6,Oak side table,Small',
  'p7,Desk lamp,LED',
  'p8,Wool rug,Red and blue',
  'p9,Floor lamp,Tall',
].join('\n');

// Between the runs the sofa and the glass table are renamed away from their queries, the rug gains "oak".
const CHANGED = [
  'product_id,name,description',
  'p1,Velvet couch,Deep colour',
  'p5,Clear coffee top,Tempered',
  'p8,Oak wool rug,Natural',
].join('\n');

const JUDGEMENTS = [
  'query,product_id,relevance',
  'red sofa,p1,3',
  'red sofa,p3,1',
  'blue sofa,p2,2',
  'velvet sofa,p1,2',
  'coffee table,p4,2',
  'coffee table,p5,1',
  'oak table,p6,2',
  'oak table,p4,1',
  'glass table,p5,2',
  'desk lamp,p7,2',
  'wool rug,p8,2',
].join('\n');

/** The entries, with their metadata; "Red  Sofa" repeats red sofa's query, so only the first counts. */
const ENTRIES: Array<[string, Record<string, unknown> | null]> = [
  ['red sofa', { query_class: 'Sofas', locale: 'en' }],
  ['blue sofa', { query_class: 'Sofas', locale: 'en' }],
  ['velvet sofa', { query_class: 'Sofas', locale: 'de' }],
  ['coffee table', { query_class: 'Tables', rating: 3 }],
  ['oak table', { query_class: 'Tables', rating: 3 }],
  ['glass table', { query_class: 'Tables' }],
  ['desk lamp', { query_class: 'Lighting' }],
  ['floor lamp', { query_class: 'Lighting' }],
  ['Red  Sofa', { query_class: 'Repeats' }],
  ['wool rug', null],
];

interface Result {
  id: number;
  entry_id: number;
  result: { input: string; status: string; results?: { metrics?: Record<string, number> } };
}

describe.each(backends)('segments (%s)', (backend) => {
  let engine: EngineRuns;
  let t: TestApp;
  let baseline: number;
  let candidate: number;
  const metadata = new Map<number, Record<string, unknown> | null>();
  const results = new Map<number, Result[]>();

  const get = (url: string) => t.call('GET', `${API}${url}`);

  async function finishedRun(experimentId: number) {
    const { id: runId } = await engine.finishedRun(experimentId);
    results.set(runId, (await get(`/experiment-runs/${runId}/results?page_size=100`)).json<Result[]>());
    return runId;
  }

  /** The results that count in the means, as the run counts them: scored, the first of each query key. */
  function counted(runId: number): Result[] {
    const seen = new Set<string>();
    return [...results.get(runId)!]
      .sort((a, b) => a.id - b.id)
      .filter((r) => {
        const key = queryKey(r.result.input);
        if (!['PASS', 'FAIL'].includes(r.result.status) || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }

  const valueOf = (r: Result, key: string) => {
    const value = metadata.get(r.entry_id)?.[key];
    return value === undefined || value === null ? undefined : String(value);
  };

  beforeAll(async () => {
    engine = await startEngineRuns(backend, { name: 'Segments', catalogue: CATALOGUE, judgements: JUDGEMENTS });
    t = engine.t;
    for (const [input, meta] of ENTRIES) metadata.set(await engine.addEntry(input, meta), meta);
    const experimentId = await engine.addExperiment('Segments', { k: 3 });
    baseline = await finishedRun(experimentId);
    await engine.importCatalogue(CHANGED);
    candidate = await finishedRun(experimentId);
  }, 90_000);
  afterAll(() => t?.close());

  it("offers the metadata keys of the run's entries with their number of values", async () => {
    const response = await get(`/experiment-runs/${baseline}/segment-keys`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().keys).toEqual([
      { key: 'locale', values: 2, results: 3, groupable: true },
      { key: 'query_class', values: 4, results: 9, groupable: true },
      { key: 'rating', values: 1, results: 2, groupable: true },
    ]);
  });

  it("answers each value's counts and means as the run's per-query results grouped by hand, worst first", async () => {
    const response = await get(`/experiment-runs/${baseline}/segments?key=query_class`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ key: 'query_class', metric: 'ndcg@3', few_queries: 10, without_value: 1 });
    const all = results.get(baseline)!;
    const scored = counted(baseline);
    const summary = (await get(`/experiment-runs/${baseline}`)).json().summary;
    for (const segment of body.segments) {
      const inSegment = all.filter((r) => valueOf(r, 'query_class') === segment.value);
      const countedIn = scored.filter((r) => valueOf(r, 'query_class') === segment.value);
      const status = (s: string) => inSegment.filter((r) => r.result.status === s).length;
      expect(segment, segment.value).toMatchObject({
        results: inSegment.length,
        passed: status('PASS'),
        failed: status('FAIL'),
        unjudged: status('UNJUDGED'),
        errors: status('ERROR'),
        counted: countedIn.length,
        few: true,
      });
      // The same metrics as the run's summary, each a mean over the segment's counted queries.
      expect(Object.keys(segment.mean_metrics).sort()).toEqual(countedIn.length === 0 ? [] : Object.keys(summary.mean_metrics).sort());
      for (const [name, mean] of Object.entries<number>(segment.mean_metrics)) {
        const values = countedIn.map((r) => r.result.results!.metrics![name]);
        expect(mean, `${segment.value} ${name}`).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 12);
      }
      const ndcg = countedIn.map((r) => r.result.results!.metrics!['ndcg@3']);
      if (ndcg.length < 2) expect(segment.ci95).toBeNull();
      else {
        const mean = ndcg.reduce((a, b) => a + b, 0) / ndcg.length;
        const sd = Math.sqrt(ndcg.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (ndcg.length - 1));
        const margin = (studentTQuantile(0.975, ndcg.length - 1) * sd) / Math.sqrt(ndcg.length);
        expect(segment.ci95[0]).toBeCloseTo(mean - margin, 9);
        expect(segment.ci95[1]).toBeCloseTo(mean + margin, 9);
      }
    }
    // Every value once; the repeated query counts in red sofa's segment, so its own has no means and comes last.
    expect(body.segments.map((s: { value: string }) => s.value).sort()).toEqual(['Lighting', 'Repeats', 'Sofas', 'Tables']);
    const means = body.segments.map((s: { mean_metrics: Record<string, number> }) => s.mean_metrics['ndcg@3']);
    expect(means.at(-1)).toBeUndefined();
    expect(means.slice(0, -1)).toEqual([...means.slice(0, -1)].sort((a: number, b: number) => a - b));
  });

  it('groups by a numeric value as its text, and sorts by the metric asked for', async () => {
    const body = (await get(`/experiment-runs/${baseline}/segments?key=rating&metric=recall@3`)).json();
    expect(body.metric).toBe('recall@3');
    expect(body.segments.map((s: { value: string; results: number }) => [s.value, s.results])).toEqual([['3', 2]]);
    expect(body.without_value).toBe(8);
  });

  it("filters the run's results to a segment, kept with the other filters", async () => {
    const response = await get(`/experiment-runs/${baseline}/results?segment=query_class:Sofas&page_size=100`);
    expect(response.statusCode, response.body).toBe(200);
    const expected = results.get(baseline)!.filter((r) => valueOf(r, 'query_class') === 'Sofas');
    expect(
      response
        .json<Result[]>()
        .map((r) => r.id)
        .sort(),
    ).toEqual(expected.map((r) => r.id).sort());
    expect(response.headers['x-total-count']).toBe(String(expected.length));
    const lamps = await get(`/experiment-runs/${baseline}/results?segment=query_class:Lighting&status=UNJUDGED`);
    expect(lamps.json<Result[]>().map((r) => r.result.input)).toEqual(['floor lamp']);
    const none = await get(`/experiment-runs/${baseline}/results?segment=query_class:Nothing`);
    expect(none.json()).toEqual([]);
  });

  /** The pairs of the two runs whose baseline entry has the value, with their deltas of a metric. */
  function pairedDeltas(key: string, value: string, metric: string): number[] {
    const after = new Map(counted(candidate).map((r) => [queryKey(r.result.input), r]));
    return counted(baseline).flatMap((b) => {
      const c = after.get(queryKey(b.result.input));
      if (!c || valueOf(b, key) !== value) return [];
      return [c.result.results!.metrics![metric] - b.result.results!.metrics![metric]];
    });
  }

  it("compares two runs within a segment with the comparison's own statistics over its pairs", async () => {
    const response = await get(`/run-comparisons/?baseline=${baseline}&candidate=${candidate}&segment=query_class:Tables`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.paired).toBe(3);
    expect(body.results.map((r: { query: string }) => r.query).sort()).toEqual(['coffee table', 'glass table', 'oak table']);
    for (const metric of body.metrics) {
      const expected = comparePaired(pairedDeltas('query_class', 'Tables', metric.name));
      expect(metric.delta, metric.name).toBeCloseTo(expected.meanDelta, 12);
      expect(metric.p_value_t).toBe(expected.pValueT);
      expect(metric.p_value_randomization).toBe(expected.pValueRandomization);
      expect([metric.wins, metric.ties, metric.losses]).toEqual([expected.wins, expected.ties, expected.losses]);
    }
    const csv = await get(`/run-comparisons/results.csv?baseline=${baseline}&candidate=${candidate}&segment=query_class:Tables`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + 3);
    // The file names the segment it holds, after the metric.
    const metric = (body.metric as string).replace(/[^a-z0-9_]+/gi, '-');
    expect(csv.headers['content-disposition']).toContain(`filename="run-${baseline}-vs-run-${candidate}-${metric}-query_class-Tables.csv"`);
  });

  it("answers the delta per segment with the comparison's tests on each subset, Holm-corrected across them", async () => {
    const response = await get(`/run-comparisons/segments?baseline=${baseline}&candidate=${candidate}&key=query_class&metric=ndcg@3`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ baseline, candidate, metric: 'ndcg@3', key: 'query_class', few_queries: 10 });
    expect(body.segments.map((s: { value: string }) => s.value).sort()).toEqual(['Lighting', 'Sofas', 'Tables']);
    for (const segment of body.segments) {
      const restricted = await get(`/run-comparisons/?baseline=${baseline}&candidate=${candidate}&segment=query_class:${segment.value}`);
      const ndcg = restricted.json().metrics.find((m: { name: string }) => m.name === 'ndcg@3');
      expect(segment.paired).toBe(restricted.json().paired);
      expect(segment.delta).toBe(ndcg.delta);
      expect(segment.ci95).toEqual(ndcg.ci95);
      expect(segment.p_value_t).toBe(ndcg.p_value_t);
      expect(segment.p_value_randomization).toBe(ndcg.p_value_randomization);
      expect(segment.few).toBe(true);
    }
    const holm = holmAdjusted(body.segments.map((s: { p_value_randomization: number }) => s.p_value_randomization));
    expect(body.segments.map((s: { holm_p_value_randomization: number }) => s.holm_p_value_randomization)).toEqual(holm);
    expect(body.segments.map((s: { significant: boolean }) => s.significant)).toEqual(holm.map((p) => p! < 0.05));
    const deltas = body.segments.map((s: { delta: number }) => s.delta);
    expect(deltas).toEqual([...deltas].sort((a, b) => a - b));
    expect(body.segments[0].delta).toBeLessThan(0);
  });

  it('refuses a malformed key or segment with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`/experiment-runs/${baseline}/segments`, 'querystring.key'],
      [`/experiment-runs/${baseline}/segments?key=`, 'querystring.key'],
      [`/experiment-runs/${baseline}/segments?key=a:b`, 'querystring.key'],
      [`/experiment-runs/${baseline}/segments?key=no_such_key`, 'querystring.key'],
      [`/experiment-runs/${baseline}/segments?key=query_class&metric=nope@3`, 'querystring.metric'],
      [`/experiment-runs/${baseline}/results?segment=query_class`, 'querystring.segment'],
      [`/experiment-runs/${baseline}/results?segment=:Sofas`, 'querystring.segment'],
      [`/run-comparisons/?baseline=${baseline}&candidate=${candidate}&segment=Sofas`, 'querystring.segment'],
      [`/run-comparisons/results.csv?baseline=${baseline}&candidate=${candidate}&segment=`, 'querystring.segment'],
      [`/run-comparisons/segments?baseline=${baseline}&candidate=${candidate}`, 'querystring.key'],
      [`/run-comparisons/segments?baseline=${baseline}&candidate=${candidate}&key=no_such_key`, 'querystring.key'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain(field);
    }
    expect((await get('/experiment-runs/999999/segments?key=query_class')).statusCode).toBe(404);
    expect((await get('/experiment-runs/999999/segment-keys')).statusCode).toBe(404);
  });
});
