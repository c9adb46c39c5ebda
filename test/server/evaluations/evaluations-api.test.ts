/**
 * Evaluations over the API: listed newest first with their scoring's status and progress (paged, X-Total-Count),
 * one with its means as a run's summary, its results read as its run's, deleted with everything it holds (a
 * curator may, a viewer may not), and 404 naming the evaluation that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluation } from '../../../server/evaluations/create-evaluation';
import type { Evaluation, EvaluationDetails } from '../../../server/schemas/evaluations';
import { scoredEvaluation } from '../helpers/scored-evaluation';
import { backends, startTestApp, type TestApp } from '../helpers/test-app';

const API = '/api/backend';

describe.each(backends)('the evaluations API (%s)', (backend) => {
  let t: TestApp;
  let goldenSetId: number;
  const made: Array<{ id: number; run_id: number }> = [];

  beforeAll(async () => {
    t = await startTestApp(backend, {}, { runWorker: true });
    const uploaded = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Listed set'],
      ['file', { file: 'query,product_id,relevance\nred sofa,p1,2\noak table,p2,1\n' }],
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    goldenSetId = uploaded.json<{ id: number }>().id;
    for (const [name, rankings] of [
      ['first', new Map([['red sofa', ['p1', 'p3']]])],
      [
        'second',
        new Map([
          ['red sofa', ['p3', 'p1']],
          ['oak table', ['p9']],
        ]),
      ],
    ] as const) {
      const created = await createEvaluation(
        t.db,
        t.runQueue!,
        { sub: 'test-user', name: 'Tess' },
        { name, golden_set_id: goldenSetId, k: 2, gain: 'linear', relevant_from: 1, format: 'csv', file_name: `${name}.csv` },
        rankings,
      );
      await scoredEvaluation(t, created.id);
      made.push(created);
    }
  }, 60_000);
  afterAll(() => t?.close());

  it('lists evaluations newest first with their status and progress, a page at a time', async () => {
    const response = await t.call('GET', `${API}/evaluations/?page=1&page_size=1`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const [newest] = response.json<{ results: Evaluation[] }>().results;
    expect(newest).toMatchObject({
      id: made[1].id,
      name: 'second',
      status: 'success',
      run_id: made[1].run_id,
      golden_set_id: goldenSetId,
      golden_set_name: 'Listed set',
      dataset_id: null,
      k: 2,
      gain: 'linear',
      relevant_from: 1,
      format: 'csv',
      file_name: 'second.csv',
      progress: { done: 2, total: 2 },
      created_by: 'Tess',
    });
    const second = (await t.call('GET', `${API}/evaluations/?page=2&page_size=1`)).json<{ results: Evaluation[] }>().results;
    expect(second.map((evaluation) => evaluation.name)).toEqual(['first']);
  });

  it('answers one with its means over the queries they count, and its results as its run’s', async () => {
    const details = (await t.call('GET', `${API}/evaluations/${made[1].id}`)).json<EvaluationDetails>();
    // red sofa ranks its relevant product second (nDCG@2 = 1/log2(3)); oak table finds nothing relevant.
    expect(details.summary).toMatchObject({ results: 2, counted: 2 });
    expect(details.summary!.mean_metrics['ndcg@2']).toBeCloseTo(1 / Math.log2(3) / 2, 12);
    const results = await t.call('GET', `${API}/experiment-runs/${details.run_id}/results?page_size=10`);
    expect(results.statusCode, results.body).toBe(200);
    expect(
      results
        .json<Array<{ result: { input: string } }>>()
        .map((r) => r.result.input)
        .sort(),
    ).toEqual(['oak table', 'red sofa']);
    // Its run says it has no experiment, and is not rescored as a run is.
    expect((await t.call('GET', `${API}/experiment-runs/${details.run_id}`)).json()).toMatchObject({ experiment_id: null, number: 1 });
    const rescore = await t.call('POST', `${API}/experiment-runs/${details.run_id}/rescore`);
    expect(rescore.statusCode).toBe(409);
    expect(rescore.json().message).toContain(`holds the scores of evaluation ${made[1].id}`);
    const missing = await t.call('GET', `${API}/evaluations/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Evaluation 999999 not found');
  });

  it('deletes one with its run and everything it holds; a viewer may not', async () => {
    const viewer = { authorization: `Bearer ${await t.issuer.token({ roles: ['viewer'] })}` };
    expect((await t.call('DELETE', `${API}/evaluations/${made[0].id}`, undefined, viewer)).statusCode).toBe(403);
    const deleted = await t.call('DELETE', `${API}/evaluations/${made[0].id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await t.call('GET', `${API}/evaluations/${made[0].id}`)).statusCode).toBe(404);
    const left = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM experiment_runs WHERE id = $1) + (SELECT count(*) FROM evaluation_rankings WHERE run_id = $1)
         + (SELECT count(*) FROM experiment_run_results WHERE run_id = $1) AS n`,
      [made[0].run_id],
    );
    expect(Number(left.rows[0].n)).toBe(0);
    expect((await t.call('GET', `${API}/evaluations/`)).headers['x-total-count']).toBe('1');
    expect((await t.call('DELETE', `${API}/evaluations/${made[0].id}`)).statusCode).toBe(404);
  });
});
