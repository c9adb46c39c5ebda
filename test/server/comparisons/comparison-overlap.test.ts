/**
 * A comparison tells how alike the two rankings of every query both sides ranked are, judged or not: each row's
 * overlap measures are rankingOverlap's on the two rankings at the shallower side's k, the summary holds their means
 * over every ranked query, rbo_p sets RBO's persistence, the unjudged and ranked filters list the queries without a
 * delta, an overlap measure sorts the rows, and the CSV carries the measures. Lines kept before rankings were kept
 * are kept again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluation } from '../../../server/evaluations/create-evaluation';
import { rankingOverlap } from '../../../server/comparisons/ranking-overlap';
import type { ComparisonRow, RunComparison } from '../../../server/schemas/comparisons';
import { startEngineRuns, type EngineRuns } from '../helpers/engine-run';
import { scoredEvaluation } from '../helpers/scored-evaluation';
import { backends } from '../helpers/test-app';
import { comparisonCsvLine } from '../helpers/comparison-csv-line';
import { SCORE_LINES_FORMAT } from '../../../server/comparisons/run-scores';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'a,Red velvet sofa,Deep red',
  'b,Red sofa bed,Folds out',
  'c,Oak table,Solid oak',
  'd,Oak side table,Small',
  'e,Blue lamp,LED',
  'f,Sofa cushion,Red',
  'g,Green rug,Wool',
  'h,Floor lamp,Blue shade',
].join('\n');

// Nobody judged 'blue lamp'.
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,a,3', 'red sofa,b,1', 'oak table,c,2', 'green rug,g,2'].join('\n');

/** The baseline evaluation's rankings: 'green rug' only it ranks. */
const BASELINE = new Map([
  ['red sofa', ['a', 'b', 'c', 'd', 'e']],
  ['oak table', ['c', 'd']],
  ['blue lamp', ['e', 'h', 'a']],
  ['green rug', ['g']],
]);
/** The candidate's: red sofa is the hand-worked b a f c g, oak table the same, blue lamp reordered. */
const CANDIDATE = new Map([
  ['red sofa', ['b', 'a', 'f', 'c', 'g']],
  ['oak table', ['c', 'd']],
  ['blue lamp', ['h', 'b', 'e', 'a']],
]);
const K = 5;

describe.each(backends)('ranking overlap on comparisons (%s)', (backend) => {
  let engine: EngineRuns;
  let baseline: { id: number; run_id: number };
  let candidate: { id: number; run_id: number };

  const evaluate = async (name: string, rankings: Map<string, string[]>, k = K) => {
    const created = await createEvaluation(
      engine.t.db,
      engine.t.runQueue!,
      { sub: 'test', name: 'Test' },
      { name, golden_set_id: engine.goldenSetId, k, gain: 'linear', relevant_from: 1, format: 'trec', file_name: `${name}.trec` },
      rankings,
    );
    expect((await scoredEvaluation(engine.t, created.id)).status).toBe('success');
    return created;
  };
  const compare = async (query: string) => {
    const answer = await engine.t.call(
      'GET',
      `${API}/run-comparisons/?baseline=evaluation:${baseline.id}&candidate=evaluation:${candidate.id}&page_size=100&${query}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  };
  const rows = async (query: string) => (await compare(query)).json<RunComparison>().results;

  beforeAll(async () => {
    engine = await startEngineRuns(backend, { name: 'Overlap', catalogue: CATALOGUE, judgements: JUDGEMENTS });
    baseline = await evaluate('Before', BASELINE);
    candidate = await evaluate('After', CANDIDATE);
  }, 90_000);
  afterAll(() => engine?.t.close());

  it('answers each row the overlap of its two rankings, and their means over every query both ranked', async () => {
    const comparison = (await compare('')).json<RunComparison>();
    expect([comparison.paired, comparison.only_baseline, comparison.only_candidate]).toEqual([2, 1, 0]);
    const bySofa = comparison.results.find((row) => row.query === 'red sofa')!;
    // The hand-worked pair: overlap@5 = 3/5, Jaccard@5 = 3/7, RBO_min 0.395528364, RBO_ext 0.592335.
    expect(bySofa.overlap!.overlap).toBeCloseTo(0.6, 12);
    expect(bySofa.overlap!.jaccard).toBeCloseTo(3 / 7, 12);
    expect(bySofa.overlap!.rbo_min).toBeCloseTo(0.395528364, 9);
    expect(bySofa.overlap!.rbo_ext).toBeCloseTo(0.592335, 9);
    for (const row of comparison.results)
      expect(row.overlap, row.query).toEqual(rankingOverlap(BASELINE.get(row.query)!, CANDIDATE.get(row.query)!, K));
    // The means are over the three queries both ranked, the unjudged blue lamp among them.
    const ranked = ['red sofa', 'oak table', 'blue lamp'].map((query) => rankingOverlap(BASELINE.get(query)!, CANDIDATE.get(query)!, K));
    const mean = (measure: keyof (typeof ranked)[number]) => ranked.reduce((sum, pair) => sum + pair[measure], 0) / ranked.length;
    expect(comparison.overlap).toMatchObject({ k: K, p: 0.9, pairs: 3, unjudged: 1 });
    for (const measure of ['overlap', 'jaccard', 'rbo_min', 'rbo_ext'] as const) {
      expect(comparison.overlap.means[measure], measure).toBeCloseTo(mean(measure), 12);
    }
    const bins = comparison.overlap.rbo_ext_bins;
    expect(bins).toHaveLength(10);
    expect(bins[9]).toEqual({ from: 0.9, to: 1, count: 1 });
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(3);
  });

  it('lists the queries nobody judged with their overlap, and every ranked query sorted by how much it changed', async () => {
    const unjudged = await rows('filter=unjudged');
    expect(unjudged).toEqual([
      expect.objectContaining({
        query: 'blue lamp',
        baseline: null,
        candidate: null,
        delta: null,
        overlap: rankingOverlap(BASELINE.get('blue lamp')!, CANDIDATE.get('blue lamp')!, K),
      }),
    ]);
    const changedMost = await rows('filter=ranked&sort=rbo_ext&order=asc');
    const rbo = (query: string) => rankingOverlap(BASELINE.get(query)!, CANDIDATE.get(query)!, K).rbo_ext;
    const expected = ['red sofa', 'oak table', 'blue lamp'].sort((a, b) => rbo(a) - rbo(b));
    expect(changedMost.map((row) => row.query)).toEqual(expected);
    expect((await rows('filter=ranked&sort=rbo_ext&order=desc')).map((row) => row.query)).toEqual([...expected].reverse());
    // Sorting the scored pairs by a measure keeps the filter: only the two judged queries.
    expect((await rows('sort=jaccard&order=asc')).map((row) => row.query)).toEqual(['red sofa', 'oak table']);
    // The only_* rows pair nothing.
    expect((await rows('filter=only_baseline')).map((row) => [row.query, row.overlap])).toEqual([['green rug', null]]);
  });

  it('takes RBO’s persistence from rbo_p, and refuses one outside (0, 1)', async () => {
    const comparison = (await compare('rbo_p=0.5&filter=ranked')).json<RunComparison>();
    expect(comparison.overlap.p).toBe(0.5);
    for (const row of comparison.results) {
      expect(row.overlap, row.query).toEqual(rankingOverlap(BASELINE.get(row.query)!, CANDIDATE.get(row.query)!, K, 0.5));
    }
    for (const p of ['0', '1', '1.5', 'x']) {
      const refused = await engine.t.call(
        'GET',
        `${API}/run-comparisons/?baseline=evaluation:${baseline.id}&candidate=evaluation:${candidate.id}&rbo_p=${p}`,
      );
      expect(refused.statusCode, p).toBe(400);
      expect(refused.json().message, p).toContain('rbo_p');
    }
  });

  it('exports the overlap measures as CSV columns, empty where the row pairs nothing', async () => {
    const csv = async (query: string) => {
      const answer = await engine.t.call(
        'GET',
        `${API}/run-comparisons/results.csv?baseline=evaluation:${baseline.id}&candidate=evaluation:${candidate.id}&${query}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    };
    const lines = await csv('filter=ranked&sort=rbo_ext');
    expect(lines[0]).toBe(
      `query,baseline_result_id,candidate_result_id,baseline_ndcg@${K},candidate_ndcg@${K},delta_ndcg@${K},overlap@${K},jaccard@${K},rbo_min,rbo_ext`,
    );
    const shown = await rows('filter=ranked&sort=rbo_ext');
    expect(lines.slice(1)).toEqual(shown.map((row: ComparisonRow) => comparisonCsvLine(row)));
    expect(lines.find((line) => line.startsWith('blue lamp,'))).toMatch(/^blue lamp,\d+,\d+,,,,0\.\d+,/);
    expect((await csv('filter=only_baseline'))[1]).toMatch(/^green rug,\d+,,[\d.]+,,,,,,$/);
  });

  it('compares a run of the engine with an evaluation on the run’s own rankings', async () => {
    for (const input of ['red sofa', 'oak table', 'blue lamp']) await engine.addEntry(input);
    const run = await engine.finishedRun(await engine.addExperiment('Built-in', { k: K }));
    const answer = await engine.t.call(
      'GET',
      `${API}/run-comparisons/?baseline=${run.id}&candidate=evaluation:${candidate.id}&filter=ranked`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const comparison = answer.json<RunComparison>();
    expect(comparison.overlap).toMatchObject({ k: K, pairs: 3, unjudged: 1 });
    const { rows: searched } = await engine.t.db.query<{ input: string; ids: string[] }>(
      `SELECT input, ARRAY(SELECT x->>'product_id' FROM jsonb_array_elements(result->'results'->'search_results') x) AS ids
       FROM experiment_run_results WHERE run_id = $1`,
      [run.id],
    );
    const ranking = new Map(searched.map((row) => [row.input, row.ids]));
    expect(comparison.results.map((row) => row.query).sort()).toEqual(['blue lamp', 'oak table', 'red sofa']);
    for (const row of comparison.results) {
      expect(row.overlap, row.query).toEqual(rankingOverlap(ranking.get(row.query)!, CANDIDATE.get(row.query)!, K));
    }
  });

  it('keeps again the lines a run kept in an earlier format, and answers the same', async () => {
    const before = await rows('filter=ranked');
    // A row of the format before, whose metrics were in its lines: it is kept again from the results, never parsed.
    await engine.t.db.query(`UPDATE run_score_lines SET format = 2, scores = NULL, lines = 'not this format' WHERE run_id = $1`, [
      candidate.run_id,
    ]);
    // A run that changes is compared afresh.
    await engine.t.db.query(`UPDATE experiment_runs SET updated_at = now() + interval '1 second' WHERE id = $1`, [candidate.run_id]);
    expect(await rows('filter=ranked')).toEqual(before);
    const { rows: kept } = await engine.t.db.query<{ format: number; rankings: string; metrics: string[]; scores: string }>(
      'SELECT format, rankings, metrics, scores FROM run_score_lines WHERE run_id = $1',
      [candidate.run_id],
    );
    expect(kept[0].format).toBe(SCORE_LINES_FORMAT);
    // Each of the 3 queries' metrics as 8 bytes.
    expect(Buffer.from(kept[0].scores, 'base64')).toHaveLength(3 * kept[0].metrics.length * 8);
    // Each of the 11 ids the candidate ranked (red sofa 5, oak table 2, blue lamp 4) as 8 bytes.
    expect(Buffer.from(kept[0].rankings, 'base64')).toHaveLength(88);
  });
});
