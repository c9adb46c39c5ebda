// Whose ratings a run is scored with: a run records every rater and its set's rule, a rescore may choose the
// people only or the model only (or picked raters, another rule), and each scores the same rankings by
// those grades alone — on both storages, with runs made by the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineRuns } from './helpers/engine-run';
import { backends, type EndedRun, type TestApp } from './helpers/test-app';

const API = '/api/backend';

const CATALOGUE = [
  'product_id,name,description',
  'p1,Red velvet sofa,A deep red sofa',
  'p2,Blue sofa,Three seats',
  'p3,Red armchair,Matches the red sofa',
  'p4,Oak coffee table,Solid oak',
].join('\n');

// The upload rates p1 of "red sofa" and p4 of "coffee table"; the people and the model rate "red sofa" only.
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'coffee table,p4,2'].join('\n');

type Result = {
  result: {
    input: string;
    results: { golden_set: Array<{ product_id: string; relevance: number }>; search_results: Array<{ product_id: string }> };
  };
};

describe.each(backends)('run judges (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  let first: EndedRun;
  let modelRater: number;
  let aliceRater: number;

  const as = async (sub: string, name: string) => ({
    authorization: `Bearer ${await t.issuer.token({ sub, name, roles: ['curator'] })}`,
  });
  const rate = async (who: { authorization: string }, product_id: string, grade: number) => {
    const answer = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'red sofa', product_id, grade }, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ ratings: Array<{ rater_id: number; rater: string }> }>();
  };
  const rescore = async (body?: object) => {
    const started = await t.call('POST', `${API}/experiment-runs/${first.id}/rescore`, body);
    expect(started.statusCode, started.body).toBe(202);
    return t.runUntilEnded(started.json().id);
  };
  const sofaGrades = async (runId: number) => {
    const results = (await t.call('GET', `${API}/experiment-runs/${runId}/results?page_size=10`)).json<Result[]>();
    const sofa = results.find((r) => r.result.input === 'red sofa')!.result.results;
    return Object.fromEntries(sofa.golden_set.map((j) => [j.product_id, j.relevance]));
  };

  beforeAll(async () => {
    const engine = await startEngineRuns(backend, { name: 'Judges', catalogue: CATALOGUE, judgements: JUDGEMENTS });
    ({ t, goldenSetId: setId } = engine);
    for (const input of ['red sofa', 'coffee table']) await engine.addEntry(input);
    first = await engine.finishedRun(await engine.addExperiment('Judges', { k: 3 }));
    // Alice and Bob disagree on p1 (3 and 1) and call p2 and p3 irrelevant; the model thinks the opposite.
    const alice = await as('alice', 'Alice');
    const bob = await as('bob', 'Bob');
    aliceRater = (await rate(alice, 'p1', 3)).ratings.find((r) => r.rater === 'Alice')!.rater_id;
    await rate(bob, 'p1', 1);
    await rate(alice, 'p2', 0);
    await rate(bob, 'p3', 0);
    const model = await t.db.query<{ id: number }>(`INSERT INTO raters (kind, name) VALUES ('model', 'Model judge') RETURNING id`);
    modelRater = Number(model.rows[0].id);
    await t.db.query(
      `INSERT INTO golden_set_ratings (golden_set_id, query, query_key, product_id, rater_id, grade)
       SELECT $1, 'red sofa', 'red sofa', p, $2, g FROM unnest($3::text[], $4::int[]) AS x (p, g)`,
      [setId, modelRater, ['p1', 'p2', 'p3'], [0, 2, 2]],
    );
  }, 90_000);
  afterAll(() => t?.close());

  it("records every rater and the set's rule on a run, and keeps it after the rule changes", async () => {
    expect(first.judges).toEqual({ raters: 'all', aggregate: 'single', prefer_adjudication: true });
    const listed = (await t.call('GET', `${API}/experiment-runs/by_experiment/${first.experiment_id}`)).json<
      Array<{ id: number; judges: unknown }>
    >();
    expect(listed.find((run) => run.id === first.id)!.judges).toEqual({ raters: 'all', aggregate: 'single', prefer_adjudication: true });
    expect((await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'mean' })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/experiment-runs/${first.id}`)).json().judges).toEqual({
      raters: 'all',
      aggregate: 'single',
      prefer_adjudication: true,
    });
    const again = await rescore();
    expect(again.judges).toEqual({ raters: 'all', aggregate: 'mean', prefer_adjudication: true });
  });

  it('scores the same rankings by the people only and by the model only, each by its own grades', async () => {
    const ranking = (await t.call('GET', `${API}/experiment-runs/${first.id}/results?page_size=10`))
      .json<Result[]>()
      .find((r) => r.result.input === 'red sofa')!
      .result.results.search_results.map((hit) => hit.product_id);
    // The worked figures below take the search's ranking: the red velvet sofa, then the red armchair.
    expect(ranking).toEqual(['p1', 'p3']);

    const people = await rescore({ raters: { kinds: ['person'] }, aggregate: 'mean' });
    expect(people).toMatchObject({
      status: 'success',
      rescore_of: first.id,
      judges: { raters: { kinds: ['person'] }, aggregate: 'mean', prefer_adjudication: true },
    });
    // p1: the mean of 3 and 1 is 2 (the upload's 3 is not a person's); p2, p3: 0. Only p1 is relevant, and first.
    expect(await sofaGrades(people.id)).toEqual({ p1: 2, p2: 0, p3: 0 });
    // "coffee table" only the upload rated: unjudged here, so the means are "red sofa"'s alone.
    expect(people.summary).toMatchObject({ unjudged: 1, counted: 1 });
    expect(people.summary!.mean_metrics['precision@3']).toBeCloseTo(1 / 3, 10);
    expect(people.summary!.mean_metrics['ndcg@3']).toBeCloseTo(1, 10);
    expect(people.summary!.mean_metrics['recall@3']).toBeCloseTo(1, 10);

    const model = await rescore({ raters: { kinds: ['model'] } });
    expect(model.judges).toEqual({ raters: { kinds: ['model'] }, aggregate: 'mean', prefer_adjudication: true });
    expect(await sofaGrades(model.id)).toEqual({ p1: 0, p2: 2, p3: 2 });
    expect(model.summary).toMatchObject({ unjudged: 1, counted: 1 });
    // p3 at rank 2 is the one relevant product found of the two there are (p2 was not found).
    expect(model.summary!.mean_metrics['precision@3']).toBeCloseTo(1 / 3, 10);
    expect(model.summary!.mean_metrics['recall@3']).toBeCloseTo(1 / 2, 10);
    // DCG: 0 + 2/log2(3); ideal: 2 + 2/log2(3).
    expect(model.summary!.mean_metrics['ndcg@3']).toBeCloseTo(2 / Math.log2(3) / (2 + 2 / Math.log2(3)), 10);

    // The two rescores compare as any two runs do: one query paired, the model's nDCG below the people's.
    const compared = await t.call('GET', `${API}/run-comparisons/?baseline=${people.id}&candidate=${model.id}`);
    expect(compared.statusCode, compared.body).toBe(200);
    expect(compared.json().paired).toBe(1);
    expect(compared.body).toContain('ndcg@3');
  });

  it("grades by the picked raters and rule: Alice alone, the people's median", async () => {
    const alice = await rescore({ raters: { rater_ids: [aliceRater] }, aggregate: 'single' });
    // The picked raters' names are kept with the run, for the console to say whose ratings scored it.
    expect(alice.judges).toEqual({
      raters: { rater_ids: [aliceRater] },
      aggregate: 'single',
      prefer_adjudication: true,
      rater_names: ['Alice'],
    });
    expect(await sofaGrades(alice.id)).toEqual({ p1: 3, p2: 0 });
    // The lower middle of 3 and 1.
    const median = await rescore({ raters: { kinds: ['person'] }, aggregate: 'median' });
    expect(await sofaGrades(median.id)).toEqual({ p1: 1, p2: 0, p3: 0 });
    // The upload's rater alone grades as the upload did.
    const raters = (await t.call('GET', `${API}/golden-sets/${setId}/raters`)).json<Array<{ id: number; kind: string }>>();
    const upload = await rescore({ raters: { rater_ids: [raters.find((r) => r.kind === 'import')!.id] } });
    expect(await sofaGrades(upload.id)).toEqual({ p1: 3 });
    expect(upload.summary).toMatchObject({ unjudged: 0, counted: 2 });
  });

  it("lets a person's adjudication decide among the chosen raters while the run prefers adjudications", async () => {
    const carol = await t.call(
      'PUT',
      `${API}/golden-sets/${setId}/judgements/`,
      { query: 'red sofa', product_id: 'p3', grade: 3, adjudicate: true },
      await as('carol', 'Carol'),
    );
    expect(carol.statusCode, carol.body).toBe(200);
    // p3: Bob's 0 and Carol's 3; her adjudication decides, unless the rescore says otherwise (then their mean, 1.5 → 2).
    const preferred = await rescore({ raters: { kinds: ['person'] }, aggregate: 'mean' });
    expect((await sofaGrades(preferred.id)).p3).toBe(3);
    const ruled = await rescore({ raters: { kinds: ['person'] }, aggregate: 'mean', prefer_adjudication: false });
    expect(ruled.judges).toEqual({ raters: { kinds: ['person'] }, aggregate: 'mean', prefer_adjudication: false });
    expect((await sofaGrades(ruled.id)).p3).toBe(2);
    // The model's grades know nothing of the people's adjudication.
    expect((await sofaGrades((await rescore({ raters: { kinds: ['model'] } })).id)).p3).toBe(2);
  });

  it('refuses a bad selection naming the field, and starts nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM experiment_runs');
    const refusals: Array<[object, string]> = [
      [{ raters: { rater_ids: [modelRater, 999999] } }, `body.raters.rater_ids names no rater of golden set ${setId}: 999999`],
      [{ raters: { kinds: ['robot'] } }, 'body.raters.kinds.0 must be equal to one of the allowed values'],
      [{ raters: { kinds: [] } }, 'body.raters.kinds must hold at least one item'],
      [{ raters: 'some' }, 'body.raters must be "all", an object with kinds or an object with rater_ids'],
      [{ aggregate: 'average' }, 'body.aggregate must be equal to one of the allowed values'],
    ];
    for (const [body, message] of refusals) {
      const refused = await t.call('POST', `${API}/experiment-runs/${first.id}/rescore`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    // Another set's upload does not rate this one.
    const other = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Other'],
      ['file', { file: 'query,product_id,relevance\nsofa,p1,1\n' }],
    ]);
    const otherUpload = (await t.call('GET', `${API}/golden-sets/${other.json().id}/raters`)).json()[0].id;
    const refused = await t.call('POST', `${API}/experiment-runs/${first.id}/rescore`, { raters: { rater_ids: [otherUpload] } });
    expect(refused.statusCode).toBe(400);
    expect((await t.db.query('SELECT count(*)::int AS n FROM experiment_runs')).rows).toEqual(before.rows);
  });
});
