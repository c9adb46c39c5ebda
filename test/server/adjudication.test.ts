// Adjudication: a person settles a disagreement with a rating marked as such; while the set prefers
// adjudications the pair takes its grade, and turning the preference off gives the rule's grade back —
// on both storages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'red sofa,p2,1'].join('\n');

type Rating = { rater: string; grade: number; adjudication: boolean };
type Judgement = { product_id: string; grade: number; ratings: Rating[] };

describe.each(backends)('adjudication (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  const as = async (sub: string, name: string) => ({
    authorization: `Bearer ${await t.issuer.token({ sub, name, roles: ['curator'] })}`,
  });
  const rate = async (who: { authorization: string }, grade: number, adjudicate?: boolean) => {
    const body = { query: 'red sofa', product_id: 'p1', grade, ...(adjudicate === undefined ? {} : { adjudicate }) };
    const answer = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, body, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Judgement>();
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    const upload = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Disputed'],
      ['file', { file: JUDGEMENTS }],
    ]);
    setId = upload.json().id;
    const mean = await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'mean' });
    expect(mean.json()).toMatchObject({ aggregate: 'mean', prefer_adjudication: true });
  }, 60_000);
  afterAll(() => t?.close());

  it("gives an adjudicated pair the adjudicator's grade, whatever the others said", async () => {
    await rate(await as('alice', 'Alice'), 0);
    expect((await rate(await as('bob', 'Bob'), 3)).grade).toBe(2); // mean of 0 and 3, rounded half up
    const settled = await rate(await as('carol', 'Carol'), 3, true);
    expect(settled.grade).toBe(3);
    expect(settled.ratings.find((r) => r.rater === 'Carol')).toMatchObject({ grade: 3, adjudication: true });
    expect(settled.ratings.filter((r) => r.adjudication)).toHaveLength(1);
    const audit = (await t.call('GET', `${API}/audit/?action=judgement.set&page_size=1`)).json();
    expect(audit.results[0].summary).toBe('“red sofa” · p1: 2 → 3 · adjudication');
  });

  it('answers the rule again when the set stops preferring adjudications, and says so in the trail', async () => {
    const off = await t.call('PATCH', `${API}/golden-sets/${setId}`, { prefer_adjudication: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ prefer_adjudication: false, aggregate: 'mean' });
    const sofa = (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa`)).json<Judgement[]>();
    // Alice 0, Bob 3, Carol 3: mean 2; the upload's 3 does not count beside people's ratings.
    expect(sofa.find((j) => j.product_id === 'p1')!.grade).toBe(2);
    const audit = (await t.call('GET', `${API}/audit/?action=golden_set.aggregate&page_size=1`)).json();
    expect(audit.results[0].summary).toBe('adjudications no longer preferred · 1 grade changed');
  });

  it('makes a later plain rating by the adjudicator an ordinary rating again', async () => {
    await t.call('PATCH', `${API}/golden-sets/${setId}`, { prefer_adjudication: true, aggregate: 'majority' });
    const plain = await rate(await as('carol', 'Carol'), 1);
    expect(plain.ratings.some((r) => r.adjudication)).toBe(false);
    // Majority of 0, 3, 1 (one each): the tie goes to the lowest.
    expect(plain.grade).toBe(0);
  });

  it('refuses an adjudication flag that is not a boolean, naming the field', async () => {
    const answer = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, {
      query: 'red sofa',
      product_id: 'p1',
      grade: 1,
      adjudicate: 'yes',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/adjudicate/);
  });
});
