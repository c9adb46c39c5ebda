/**
 * An evaluation (rankings made elsewhere) is scored by the runs' worker, and its per-query metrics and means
 * are what `npm run metrics` prints for the same rankings written as a TREC run against the golden set's qrels:
 * without a dataset, the file's queries (as trec_eval scores the run's judged queries); with one, the dataset's
 * queries, those the file leaves out scoring 0 (as trec_eval -c does). Everything is written in one go or not at all.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluation, type EvaluationSettings } from '../../../server/evaluations/create-evaluation';
import { queryKey } from '../../../server/evaluation/query-key';
import { scoredEvaluation } from '../helpers/scored-evaluation';
import { backends, startTestApp, type TestApp } from '../helpers/test-app';

const API = '/api/backend';
const K = 3;

const JUDGEMENTS = [
  'query,product_id,relevance',
  'red sofa,p1,3',
  'red sofa,p3,1',
  'red sofa,p4,2',
  'oak table,p6,2',
  'oak table,p4,1',
  'desk lamp,p7,2',
  'wool rug,p8,1',
].join('\n');

/** The file's rankings: "Oak Table" is the golden set's "oak table"; "blue chair" nobody judged; "wool rug" is left out. */
const RANKINGS = new Map<string, string[]>([
  ['red sofa', ['p1', 'p9', 'p3', 'p4', 'p5']],
  ['Oak Table', ['p4', 'p6']],
  ['desk lamp', ['p2', 'p5', 'p8', 'p7']],
  ['blue chair', ['p1']],
]);

const METRICS: Record<string, string> = {
  [`ndcg@${K}`]: `ndcg_cut_${K}`,
  [`precision@${K}`]: `P_${K}`,
  [`recall@${K}`]: `recall_${K}`,
  [`average_precision@${K}`]: 'map',
  [`reciprocal_rank@${K}`]: 'recip_rank',
};

/** `npm run metrics -- QRELS RUN -k K -q [-c]`: measure → query id (or `all`) → value. */
function trecEval(qrels: string, run: string, complete: boolean): Map<string, Map<string, number>> {
  const args = ['--import', 'tsx', 'server/cli/metrics.ts', qrels, run, '-k', String(K), '-q', ...(complete ? ['-c'] : [])];
  const answer = spawnSync(process.execPath, args, { encoding: 'utf8' });
  expect(answer.status, answer.stderr).toBe(0);
  const measures = new Map<string, Map<string, number>>();
  for (const line of answer.stdout.trim().split('\n')) {
    const [measure, query, value] = line.split('\t').map((field) => field.trim());
    if (!measures.has(measure)) measures.set(measure, new Map());
    measures.get(measure)!.set(query, Number(value));
  }
  return measures;
}

describe.each(backends)('evaluations scored like runs (%s)', (backend) => {
  let t: TestApp;
  let goldenSetId: number;
  let folder: string;
  /** Query text → the golden set's TREC query id. */
  let qidOf: Map<string, string>;

  const settings = (more: Partial<EvaluationSettings> = {}): EvaluationSettings => ({
    name: 'Offline re-ranker',
    golden_set_id: goldenSetId,
    k: K,
    gain: 'linear',
    relevant_from: 1,
    format: 'trec',
    file_name: 'reranker.trec',
    ...more,
  });

  async function perQuery(runId: number): Promise<Map<string, { status: string; metrics: Record<string, number> }>> {
    const { rows } = await t.db.query<{ input: string; status: string; metrics: Record<string, number> }>(
      `SELECT input, status, result->'results'->'metrics' AS metrics FROM experiment_run_results WHERE run_id = $1`,
      [runId],
    );
    return new Map(rows.map((row) => [queryKey(row.input), row]));
  }

  /**
   * The rankings as a TREC run: judged queries under the golden set's ids, the others under ids of their own. Cut
   * at k, as the evaluation scores them: trec_eval's map and recip_rank read the whole ranking, ours stop at k.
   */
  async function trecRun(name: string): Promise<string> {
    const lines = [...RANKINGS].flatMap(([query, ids]) =>
      ids
        .slice(0, K)
        .map(
          (id, i) =>
            `${qidOf.get(queryKey(query)) ?? `unjudged-${queryKey(query).replace(/ /g, '-')}`} Q0 ${id} ${i + 1} ${100 - i} reranker`,
        ),
    );
    const file = join(folder, name);
    await writeFile(file, lines.join('\n') + '\n');
    return file;
  }

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true });
    folder = await mkdtemp(join(tmpdir(), 'evaluation-scoring-'));
    const uploaded = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Evaluation set'],
      ['file', { file: JUDGEMENTS }],
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    goldenSetId = uploaded.json<{ id: number }>().id;
    await writeFile(join(folder, 'qrels'), (await t.call('GET', `${API}/golden-sets/${goldenSetId}/export.qrels`)).body);
    const queries = (await t.call('GET', `${API}/golden-sets/${goldenSetId}/export.queries.tsv`)).body;
    qidOf = new Map(
      queries
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t'))
        .map(([qid, text]) => [queryKey(text), qid]),
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("scores the file's queries as npm run metrics scores the same rankings, query by query and in the means", async () => {
    const created = await createEvaluation(t.db, t.runQueue!, { sub: 'test', name: 'Test' }, settings(), RANKINGS);
    const evaluation = await scoredEvaluation(t, created.id);
    expect(evaluation.status).toBe('success');
    const trec = trecEval(join(folder, 'qrels'), await trecRun('run-files-queries'), false);
    const results = await perQuery(created.run_id);
    // The three judged queries count; blue chair is scored as unjudged; wool rug is not in the file.
    expect([...results.keys()].sort()).toEqual(['blue chair', 'desk lamp', 'oak table', 'red sofa']);
    expect(results.get('blue chair')!.status).toBe('UNJUDGED');
    expect(evaluation.summary!.counted).toBe(3);
    expect(trec.get('num_q')!.get('all')).toBe(3);
    for (const [ours, theirs] of Object.entries(METRICS)) {
      for (const query of ['red sofa', 'oak table', 'desk lamp']) {
        expect(results.get(query)!.metrics[ours], `${ours} of ${query}`).toBeCloseTo(trec.get(theirs)!.get(qidOf.get(query)!)!, 4);
      }
      expect(evaluation.summary!.mean_metrics[ours], `mean ${ours}`).toBeCloseTo(trec.get(theirs)!.get('all')!, 4);
    }
    expect(evaluation).toMatchObject({ name: 'Offline re-ranker', format: 'trec', file_name: 'reranker.trec', dataset_id: null });
  });

  it("scores a dataset's queries, those the file leaves out as no results, as npm run metrics -c does", async () => {
    const dataset = (await t.call('POST', '/api/service/datasets/', { name: 'Judged queries', description: 'All four' })).json<{
      id: number;
    }>();
    for (const input of ['red sofa', 'oak table', 'desk lamp', 'wool rug']) {
      const entry = (await t.call('POST', '/api/service/dataset-entries/', { input })).json<{ id: number }>();
      const mapped = await t.call('POST', '/api/service/dataset-entry-mappings/', [{ dataset_id: dataset.id, dataset_entry_id: entry.id }]);
      expect(mapped.statusCode, mapped.body).toBe(201);
    }
    const created = await createEvaluation(
      t.db,
      t.runQueue!,
      { sub: 'test', name: 'Test' },
      settings({ dataset_id: dataset.id }),
      RANKINGS,
    );
    const evaluation = await scoredEvaluation(t, created.id);
    expect(evaluation.status).toBe('success');
    const results = await perQuery(created.run_id);
    // The dataset's four queries: blue chair is not one of them; wool rug, unranked, found nothing.
    expect([...results.keys()].sort()).toEqual(['desk lamp', 'oak table', 'red sofa', 'wool rug']);
    expect(results.get('wool rug')!.metrics[`ndcg@${K}`]).toBe(0);
    expect(evaluation.summary!.counted).toBe(4);
    const trec = trecEval(join(folder, 'qrels'), await trecRun('run-dataset'), true);
    expect(trec.get('num_q')!.get('all')).toBe(4);
    for (const [ours, theirs] of Object.entries(METRICS)) {
      expect(evaluation.summary!.mean_metrics[ours], `mean ${ours}`).toBeCloseTo(trec.get(theirs)!.get('all')!, 4);
    }
  });

  it('writes nothing for what it refuses: a missing golden set, two spellings of one query, no query at all', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT (SELECT count(*) FROM evaluations) + (SELECT count(*) FROM experiment_runs) AS n')).rows[0]
        .n;
    const before = await count();
    const create = (more: Partial<EvaluationSettings>, rankings = RANKINGS) =>
      createEvaluation(t.db, t.runQueue!, { sub: 'test', name: 'Test' }, settings(more), rankings);
    await expect(create({ golden_set_id: 999_999 })).rejects.toMatchObject({ statusCode: 404, message: 'Golden set 999999 not found' });
    await expect(create({}, new Map([...RANKINGS, ['Red  Sofa', ['p1']]]))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('are one query once normalised'),
    });
    await expect(create({}, new Map())).rejects.toMatchObject({ statusCode: 400, message: 'file: it ranks no query' });
    expect(await count()).toBe(before);
  });
});
