/**
 * An evaluation's results: each scored query's completion status (Complete, No more results, Page without
 * relevants) from its ranking, k and the products relevant at relevant_from; its run's results filtered by
 * it; the evaluation's own results list (its run's, `status` being the completion status), its exports (its
 * run's, named after it), and its run's details naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentRunResult } from '../../../server/schemas/results';
import type { ExperimentRunDetails } from '../../../server/schemas/runs';
import { scoredEvaluation } from '../helpers/scored-evaluation';
import { backends, startTestApp, type TestApp } from '../helpers/test-app';

const API = '/api/backend';

// Relevant from grade 2, at k = 3: a grade-1 product has a gain but is not relevant.
const JUDGEMENTS = [
  'query,product_id,relevance',
  'lamp,l1,1',
  'sofa,s1,3',
  'sofa,s2,2',
  'table,t1,3',
  'chair,c1,3',
  'chair,c2,3',
  'chair,c3,2',
  'chair,c4,2',
  'rug,r1,2',
  'stool,st1,2',
  'desk,d1,3',
  'desk,d2,2',
  'mirror,m1,1',
  'mirror,m2,2',
].join('\n');

/** Each query's ranking, its status and the completion status it must get. */
const QUERIES: Array<[query: string, ranking: string[], status: string, completion: string | null]> = [
  // Nothing relevant to find (only a grade 1): complete, though the page is short.
  ['lamp', ['l1'], 'PASS', 'COMPLETE'],
  // A short list that misses s2.
  ['sofa', ['s1'], 'PASS', 'NO_MORE_RESULTS'],
  // A full page, none of it relevant.
  ['table', ['x1', 'x2', 'x3'], 'FAIL', 'PAGE_WITHOUT_RELEVANTS'],
  // A full page with one of four relevant products: complete, and a FAIL.
  ['chair', ['x1', 'c1', 'x2'], 'FAIL', 'COMPLETE'],
  // A short list holding every relevant product.
  ['rug', ['r1'], 'PASS', 'COMPLETE'],
  // Nothing returned.
  ['stool', [], 'FAIL', 'NO_MORE_RESULTS'],
  // A full page with every relevant product.
  ['desk', ['d2', 'd1', 'x4'], 'PASS', 'COMPLETE'],
  // A full page whose one judged product is below relevant_from, the relevant m2 missing.
  ['mirror', ['m1', 'x5', 'x6'], 'FAIL', 'PAGE_WITHOUT_RELEVANTS'],
  // Not judged at all: not scored, no completion status.
  ['vase', ['v1'], 'UNJUDGED', null],
];
const JSONL = QUERIES.map(([query, results]) => JSON.stringify({ query, results })).join('\n') + '\n';

type Row = ExperimentRunResult;
const inputs = (rows: Row[]) => rows.map((row) => row.result.input);

describe.each(backends)("an evaluation's results and their completion (%s)", (backend) => {
  let t: TestApp;
  let evaluationId: number;
  let runId: number;

  const list = async (path: string) => {
    const response = await t.call('GET', `${API}${path}`);
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<Row[]>(), total: Number(response.headers['x-total-count']) };
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true });
    const set = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Completion set'],
      ['file', { file: JUDGEMENTS }],
    ]);
    expect(set.statusCode, set.body).toBe(201);
    const created = await t.upload(`${API}/evaluations/`, [
      ['name', 'Offline re-ranker, May'],
      ['golden_set_id', String(set.json<{ id: number }>().id)],
      ['k', '3'],
      ['relevant_from', '2'],
      ['file', { file: JSONL, filename: 'rankings.jsonl' }],
    ]);
    expect(created.statusCode, created.body).toBe(202);
    evaluationId = created.json<{ id: number }>().id;
    const scored = await scoredEvaluation(t, evaluationId);
    expect(scored.status).toBe('success');
    runId = scored.run_id;
  }, 60_000);
  afterAll(() => t?.close());

  it('gives each scored result its completion status, and unjudged results none', async () => {
    const { rows, total } = await list(`/experiment-runs/${runId}/results?page_size=50`);
    expect(total).toBe(QUERIES.length);
    const byInput = new Map(rows.map((row) => [row.result.input, [row.result.status, row.completion]]));
    expect(Object.fromEntries(byInput)).toEqual(
      Object.fromEntries(QUERIES.map(([query, , status, completion]) => [query, [status, completion]])),
    );
    // The result's text names the same status in words.
    const words = { COMPLETE: 'Complete', NO_MORE_RESULTS: 'No more results', PAGE_WITHOUT_RELEVANTS: 'Page without relevants' };
    for (const row of rows.filter((one) => one.completion)) {
      expect(row.result.test_result, row.result.input).toMatch(new RegExp(`· ${words[row.completion as keyof typeof words]}$`));
    }
    // One result read by id carries it too.
    const sofa = rows.find((row) => row.result.input === 'sofa')!;
    const one = await t.call('GET', `${API}/experiment-run-results/${sofa.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: sofa.id, completion: 'NO_MORE_RESULTS' });
  });

  it("filters a run's results by completion status, with its status and a search", async () => {
    const short = await list(`/experiment-runs/${runId}/results?completion=NO_MORE_RESULTS`);
    expect(short.total).toBe(2);
    expect(inputs(short.rows).sort()).toEqual(['sofa', 'stool']);
    const unfound = await list(`/experiment-runs/${runId}/results?completion=PAGE_WITHOUT_RELEVANTS,NO_MORE_RESULTS`);
    expect(inputs(unfound.rows).sort()).toEqual(['mirror', 'sofa', 'stool', 'table']);
    const failedComplete = await list(`/experiment-runs/${runId}/results?completion=COMPLETE&status=FAIL`);
    expect(inputs(failedComplete.rows)).toEqual(['chair']);
    const searched = await list(`/experiment-runs/${runId}/results?completion=PAGE_WITHOUT_RELEVANTS&search=TAB`);
    expect(inputs(searched.rows)).toEqual(['table']);
    const sorted = await list(`/experiment-runs/${runId}/results?completion=COMPLETE&sort=ndcg@3&order=desc`);
    expect(inputs(sorted.rows).slice(-1)).toEqual(['chair']);

    const bad = await t.call('GET', `${API}/experiment-runs/${runId}/results?completion=DONE`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.completion');
  });

  it("lists the evaluation's results as its run's, filtered by completion status, searched, sorted and paged", async () => {
    const own = await t.call('GET', `${API}/evaluations/${evaluationId}/results?page_size=50`);
    const run = await t.call('GET', `${API}/experiment-runs/${runId}/results?page_size=50`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual(run.json());
    expect(own.headers['x-total-count']).toBe(String(QUERIES.length));

    const unfound = await list(`/evaluations/${evaluationId}/results?status=PAGE_WITHOUT_RELEVANTS,NO_MORE_RESULTS&page_size=3`);
    expect(unfound.total).toBe(4);
    const next = await list(`/evaluations/${evaluationId}/results?status=PAGE_WITHOUT_RELEVANTS,NO_MORE_RESULTS&page_size=3&page=2`);
    expect(unfound.rows).toHaveLength(3);
    expect([...inputs(unfound.rows), ...inputs(next.rows)].sort()).toEqual(['mirror', 'sofa', 'stool', 'table']);

    const searched = await list(`/evaluations/${evaluationId}/results?status=COMPLETE&search=a`);
    expect(inputs(searched.rows).sort()).toEqual(['chair', 'lamp']);

    // Complete queries by nDCG@3, best first: lamp and rug score 1, then desk, then chair.
    const sorted = await list(`/evaluations/${evaluationId}/results?status=COMPLETE&sort=ndcg@3&order=desc`);
    expect(inputs(sorted.rows).slice(2)).toEqual(['desk', 'chair']);
    expect(inputs(sorted.rows).slice(0, 2).sort()).toEqual(['lamp', 'rug']);
    const scores = sorted.rows.map((row) => row.result.results!.metrics!['ndcg@3']);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // status here is the completion status: a run's statuses are not one.
    const bad = await t.call('GET', `${API}/evaluations/${evaluationId}/results?status=PASS`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.status');
    const missing = await t.call('GET', `${API}/evaluations/999999/results`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Evaluation 999999 not found');
  });

  it("downloads the evaluation's exports as its run's, named after the evaluation", async () => {
    for (const suffix of ['csv', 'trec', 'qrels', 'queries.tsv']) {
      const own = await t.call('GET', `${API}/evaluations/${evaluationId}/results.${suffix}`);
      const run = await t.call('GET', `${API}/experiment-runs/${runId}/results.${suffix}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.body.length).toBeGreaterThan(0);
      expect(own.body).toBe(run.body);
      expect(own.headers['content-type']).toBe(run.headers['content-type']);
      expect(own.headers['content-disposition']).toContain(`filename="evaluation-${evaluationId}-Offline-re-ranker-May.${suffix}"`);
    }
    expect((await t.call('GET', `${API}/evaluations/999999/results.trec`)).statusCode).toBe(404);
  });

  it("names the evaluation on its run's details, and none on a run that is not one's", async () => {
    const details = (await t.call('GET', `${API}/experiment-runs/${runId}`)).json<ExperimentRunDetails>();
    expect(details.evaluation).toEqual({ id: evaluationId, name: 'Offline re-ranker, May' });
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO experiment_runs (evaluation_script_name, status) VALUES ('Golden set relevance', 'success') RETURNING id`,
    );
    const other = await t.call('GET', `${API}/experiment-runs/${rows[0].id}`);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json<ExperimentRunDetails>().evaluation).toBeNull();
  });
});
