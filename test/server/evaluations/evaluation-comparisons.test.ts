/**
 * An evaluation compares as a run does, on either side: a run of the built-in search against an evaluation
 * of rankings made elsewhere over the same dataset pairs their queries, and the statistics are the ones two
 * runs would get (the deltas are the evaluation's metrics minus the run's, query by query). The CI gate's
 * verdict takes evaluation:ID too; a missing evaluation is named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluation } from '../../../server/evaluations/create-evaluation';
import type { RunComparison } from '../../../server/schemas/comparisons';
import { startEngineRuns, type EngineRuns } from '../helpers/engine-run';
import { scoredEvaluation } from '../helpers/scored-evaluation';
import { backends } from '../helpers/test-app';

const API = '/api/backend';
const K = 3;

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
  'p6,Oak side table,Small',
  'p7,Desk lamp,LED',
].join('\n');

const JUDGEMENTS = [
  'query,product_id,relevance',
  'red sofa,p1,3',
  'red sofa,p3,1',
  'oak table,p6,2',
  'oak table,p4,1',
  'desk lamp,p7,2',
].join('\n');

describe.each(backends)('an evaluation compared with a run (%s)', (backend) => {
  let engine: EngineRuns;
  let runId: number;
  let evaluation: { id: number; run_id: number };

  beforeAll(async () => {
    engine = await startEngineRuns(backend, { name: 'Versus', catalogue: CATALOGUE, judgements: JUDGEMENTS });
    for (const input of ['red sofa', 'oak table', 'desk lamp']) await engine.addEntry(input);
    const experimentId = await engine.addExperiment('Built-in', { k: K });
    runId = (await engine.finishedRun(experimentId)).id;
    // The re-ranker puts the best products first for two queries and misses the lamp.
    const rankings = new Map([
      ['red sofa', ['p1', 'p3']],
      ['oak table', ['p6', 'p4']],
      ['desk lamp', ['p2']],
    ]);
    evaluation = await createEvaluation(
      engine.t.db,
      engine.t.runQueue!,
      { sub: 'test', name: 'Test' },
      {
        name: 'Re-ranker',
        golden_set_id: engine.goldenSetId,
        dataset_id: engine.datasetId,
        k: K,
        gain: 'linear',
        relevant_from: 1,
        format: 'trec',
        file_name: 'r.trec',
      },
      rankings,
    );
    expect((await scoredEvaluation(engine.t, evaluation.id)).status).toBe('success');
  }, 90_000);
  afterAll(() => engine?.t.close());

  it('pairs the run and the evaluation query by query, naming the evaluation on its side', async () => {
    const answer = await engine.t.call(
      'GET',
      `${API}/run-comparisons/?baseline=run:${runId}&candidate=evaluation:${evaluation.id}&metric=ndcg@${K}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const comparison = answer.json<RunComparison>();
    expect(comparison.paired).toBe(3);
    expect(comparison.baseline).toMatchObject({ id: runId, evaluation: null, experiment_name: 'Built-in' });
    expect(comparison.candidate).toMatchObject({
      id: evaluation.run_id,
      experiment_id: null,
      experiment_name: null,
      evaluation: { id: evaluation.id, name: 'Re-ranker' },
    });
    // Each row's delta is the evaluation's nDCG minus the run's, for the same query.
    const scores = async (id: number) => {
      const { rows } = await engine.t.db.query<{ input: string; ndcg: number }>(
        `SELECT input, (scores->>'ndcg@${K}')::float8 AS ndcg FROM experiment_run_results WHERE run_id = $1 AND counted`,
        [id],
      );
      return new Map(rows.map((row) => [row.input, row.ndcg]));
    };
    const [ran, evaluated] = [await scores(runId), await scores(evaluation.run_id)];
    for (const row of comparison.results) expect(row.delta, row.query).toBeCloseTo(evaluated.get(row.query)! - ran.get(row.query)!, 12);
    const mean = (values: Map<string, number>) => [...values.values()].reduce((sum, value) => sum + value, 0) / values.size;
    expect(comparison.metrics[0]).toMatchObject({ name: `ndcg@${K}` });
    expect(comparison.metrics[0].delta).toBeCloseTo(mean(evaluated) - mean(ran), 12);
    // The same pair the other way round, the evaluation as a bare reference's opposite.
    const swapped = (
      await engine.t.call('GET', `${API}/run-comparisons/?baseline=evaluation:${evaluation.id}&candidate=${runId}`)
    ).json<RunComparison>();
    expect(swapped.metrics[0].delta).toBeCloseTo(-comparison.metrics[0].delta, 12);
  });

  it('gives a verdict on an evaluation, and names what it cannot find or read', async () => {
    const verdict = await engine.t.call(
      'GET',
      `${API}/run-comparisons/verdict?baseline=${runId}&candidate=evaluation:${evaluation.id}&rule=ndcg@${K}:0.01`,
    );
    expect(verdict.statusCode, verdict.body).toBe(200);
    expect(verdict.json().candidate).toMatchObject({ evaluation: { id: evaluation.id } });
    const missing = await engine.t.call('GET', `${API}/run-comparisons/?baseline=${runId}&candidate=evaluation:999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Evaluation 999999 not found');
    const malformed = await engine.t.call('GET', `${API}/run-comparisons/?baseline=${runId}&candidate=eval:3`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('candidate');
  });

  it("offers the evaluation among a run's comparable runs, and the run among the evaluation's", async () => {
    type Comparable = { id: number; experiment_id: number | null; evaluation: { id: number; name: string } | null };
    const ofRun = await engine.t.call('GET', `${API}/experiment-runs/${runId}/comparable-runs`);
    expect(ofRun.statusCode, ofRun.body).toBe(200);
    const listed = ofRun.json<{ runs: Comparable[] }>().runs.find((run) => run.id === evaluation.run_id);
    expect(listed).toMatchObject({ experiment_id: null, evaluation: { id: evaluation.id } });
    const ofEvaluation = await engine.t.call('GET', `${API}/experiment-runs/${evaluation.run_id}/comparable-runs`);
    expect(ofEvaluation.statusCode, ofEvaluation.body).toBe(200);
    const runs = ofEvaluation.json<{ runs: Comparable[] }>().runs;
    expect(runs.map((run) => run.id)).toContain(runId);
    expect(runs.find((run) => run.id === runId)).toMatchObject({ evaluation: null });
    expect(runs.map((run) => run.id)).not.toContain(evaluation.run_id);
  });
});
