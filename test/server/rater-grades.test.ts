// Grades written in bulk by a rater that is not a person (a model judge, a click log): new pairs join the
// set, moved grades are kept in the history under one version, a replacing write removes the rater's
// other ratings, and the set's counts stay exact — on both storages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicksRater, modelRater, rateInBulk } from '../../server/golden-sets/rater-grades';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'red sofa,p2,1', 'lamp,p3,2'].join('\n');

type Judgement = { product_id: string; grade: number; ratings: Array<{ rater: string; kind: string; grade: number }> };

describe.each(backends)('grades in bulk from a rater (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  let judgeId: number;
  const set = async () => (await t.call('GET', `${API}/golden-sets/${setId}`)).json();
  const judgements = async (query: string) =>
    (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=${encodeURIComponent(query)}`)).json<Judgement[]>();

  beforeAll(async () => {
    t = await startTestApp(backend);
    const upload = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Bulk'],
      ['file', { file: JUDGEMENTS }],
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    setId = upload.json().id;
    const judge = await t.call('POST', `${API}/judges/`, { name: 'Small model', base_url: 'http://127.0.0.1:9/v1', model: 'm' });
    expect(judge.statusCode, judge.body).toBe(201);
    judgeId = judge.json().id;
  }, 60_000);
  afterAll(() => t?.close());

  it("adds a model's grades: a pair it rates first joins the set, a rated one takes the model's grade over the upload's", async () => {
    const result = await t.db.transaction(async (tx) => {
      const rater = await modelRater(tx, judgeId, 'Small model');
      return rateInBulk(
        tx,
        setId,
        rater,
        [
          { query: 'Red  Sofa', product_id: 'p1', grade: 2 },
          { query: 'red sofa', product_id: 'p9', grade: 3 },
          { query: 'desk', product_id: 'd1', grade: 0 },
        ],
        { who: 'Small model' },
      );
    });
    expect(result).toEqual({ rated: 3, changed: 3 });
    const sofa = await judgements('red sofa');
    expect(sofa.map((j) => [j.product_id, j.grade])).toEqual([
      ['p9', 3],
      ['p1', 2],
      ['p2', 1],
    ]);
    expect(sofa.find((j) => j.product_id === 'p9')!.ratings).toMatchObject([{ rater: 'Small model', kind: 'model', grade: 3 }]);
    // One version for the whole write; the new query counted; the judgements per grade exact.
    expect(await set()).toMatchObject({ version: 1, query_count: 3, judgement_count: 5, grade_counts: { '0': 1, '1': 1, '2': 2, '3': 1 } });
    const history = (await t.call('GET', `${API}/golden-sets/${setId}/history/?page_size=10`)).json().results;
    expect(
      history
        .map((h: { product_id: string; old_grade: number | null; new_grade: number }) => [h.product_id, h.old_grade, h.new_grade])
        .sort(),
    ).toEqual([
      ['d1', null, 0],
      ['p1', 3, 2],
      ['p9', null, 3],
    ]);
  });

  it("replaces a click log's grades: pairs it no longer grades lose its rating, and a pair only it graded leaves the set", async () => {
    const write = (grades: Array<{ query: string; product_id: string; grade: number }>) =>
      t.db.transaction(async (tx) => rateInBulk(tx, setId, await clicksRater(tx, setId), grades, { who: 'Clicks', replace: true }));
    await write([
      { query: 'lamp', product_id: 'p3', grade: 0 },
      { query: 'lamp', product_id: 'p4', grade: 1 },
    ]);
    expect((await judgements('lamp')).map((j) => [j.product_id, j.grade])).toEqual([
      ['p4', 1],
      ['p3', 0],
    ]);
    const second = await write([{ query: 'lamp', product_id: 'p4', grade: 1 }]);
    // p3 falls back to its upload's grade, p4 keeps the clicks' grade.
    expect(second).toEqual({ rated: 1, changed: 1 });
    expect((await judgements('lamp')).map((j) => [j.product_id, j.grade])).toEqual([
      ['p3', 2],
      ['p4', 1],
    ]);
    await write([]);
    expect((await judgements('lamp')).map((j) => j.product_id)).toEqual(['p3']);
    const raters = (await t.call('GET', `${API}/golden-sets/${setId}/raters`)).json();
    expect(raters.map((r: { name: string; kind: string }) => [r.name, r.kind])).toContainEqual(['Small model', 'model']);
    expect(await set()).toMatchObject({ query_count: 3, judgement_count: 5 });
  });

  it('refuses a grade off the scale or a blank product, naming the row, and writes nothing', async () => {
    const before = await set();
    const attempt = (grades: Array<{ query: string; product_id: string; grade: number }>) =>
      t.db.transaction(async (tx) => rateInBulk(tx, setId, await clicksRater(tx, setId), grades, { who: 'Clicks' }));
    await expect(
      attempt([
        { query: 'lamp', product_id: 'p5', grade: 1 },
        { query: 'lamp', product_id: 'p6', grade: 7 },
      ]),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^grades\[1\]\.grade must be .* between 0 and 3/) });
    await expect(attempt([{ query: 'lamp', product_id: ' ', grade: 1 }])).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^grades\[0\]\.product_id /),
    });
    expect(await set()).toMatchObject({ version: before.version, judgement_count: before.judgement_count });
  });
});
