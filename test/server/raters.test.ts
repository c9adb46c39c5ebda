// Raters: each person's grade of a pair is a rating of theirs, the pair's grade the aggregate of its ratings
// by the set's rule; a rule changed regrades the set; the raters listed — on both storages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'red sofa,p2,1', 'lamp,p3,2'].join('\n');

type Rating = { rater_id: number; rater: string; kind: string; grade: number };
type Judgement = { product_id: string; grade: number; judged_by: string | null; ratings: Rating[] };

describe.each(backends)('raters (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  const as = async (sub: string, name: string, role = 'curator') => ({
    authorization: `Bearer ${await t.issuer.token({ sub, name, roles: [role] })}`,
  });
  const rate = async (who: { authorization: string }, product_id: string, grade: number) => {
    const answer = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'Red Sofa', product_id, grade }, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Judgement>();
  };
  const sofa = async () => (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa`)).json<Judgement[]>();
  const set = async () => (await t.call('GET', `${API}/golden-sets/${setId}`)).json();

  beforeAll(async () => {
    t = await startTestApp(backend);
    const upload = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Rated'],
      ['file', { file: JUDGEMENTS }],
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    setId = upload.json().id;
  }, 60_000);
  afterAll(() => t?.close());

  it('answers a new set rated by its upload alone, one rating per pair, by the single rule', async () => {
    expect(await set()).toMatchObject({ aggregate: 'single', ratings_per_pair: 1, version: 0 });
    const raters = (await t.call('GET', `${API}/golden-sets/${setId}/raters`)).json();
    expect(raters).toEqual([{ id: expect.any(Number), kind: 'import', name: 'Upload of Rated', judgements: 3 }]);
    const [p1] = await sofa();
    expect(p1).toMatchObject({ product_id: 'p1', grade: 3, ratings: [{ rater: 'Upload of Rated', kind: 'import', grade: 3 }] });
  });

  it("keeps two people's ratings of one pair and grades it by the rule; the upload's stops counting", async () => {
    const alice = await rate(await as('alice', 'Alice'), 'p1', 1);
    expect(alice).toMatchObject({ grade: 1, judged_by: 'Alice' });
    const bob = await rate(await as('bob', 'Bob'), 'p1', 2);
    // single with several ratings: their mean, 1.5 rounded half up.
    expect(bob.grade).toBe(2);
    expect(bob.ratings.map((r) => [r.rater, r.kind, r.grade]).sort()).toEqual([
      ['Alice', 'person', 1],
      ['Bob', 'person', 2],
      ['Upload of Rated', 'import', 3],
    ]);
    // Alice again with the same grade changes nothing; the set moved twice (3 → 1 → 2).
    await rate(await as('alice', 'Alice'), 'p1', 1);
    expect(await set()).toMatchObject({ version: 2, grade_counts: { '1': 1, '2': 2 }, judgement_count: 3, query_count: 2 });
    const history = (await t.call('GET', `${API}/golden-sets/${setId}/history/?page_size=5`)).json().results;
    expect(
      history.map((h: { old_grade: number; new_grade: number; changed_by: string }) => [h.old_grade, h.new_grade, h.changed_by]),
    ).toEqual([
      [1, 2, 'Bob'],
      [3, 1, 'Alice'],
    ]);
    const raters = (await t.call('GET', `${API}/golden-sets/${setId}/raters`)).json();
    expect(raters.map((r: { name: string; kind: string; judgements: number }) => [r.name, r.kind, r.judgements])).toEqual([
      ['Upload of Rated', 'import', 3],
      ['Alice', 'person', 1],
      ['Bob', 'person', 1],
    ]);
  });

  it('regrades every pair when the rule changes: a new version, a history row per moved grade, exact counts', async () => {
    const median = await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'median' });
    expect(median.statusCode, median.body).toBe(200);
    // The lower middle of Alice's 1 and Bob's 2.
    expect(median.json()).toMatchObject({ aggregate: 'median', version: 3, grade_counts: { '1': 2, '2': 1 } });
    expect((await sofa()).find((j) => j.product_id === 'p1')!.grade).toBe(1);
    const last = (await t.call('GET', `${API}/golden-sets/${setId}/history/?page_size=1`)).json();
    expect(last.count).toBe(3);
    expect(last.results[0]).toMatchObject({ version: 3, query: 'red sofa', product_id: 'p1', old_grade: 2, new_grade: 1 });
    // majority: a tie goes to the lower grade, so nothing moves and the version stays.
    const majority = await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'majority', ratings_per_pair: 3 });
    expect(majority.json()).toMatchObject({ aggregate: 'majority', ratings_per_pair: 3, version: 3 });
    const trail = (await t.call('GET', `${API}/audit/?action=golden_set.aggregate&page_size=2`)).json();
    expect(trail.results.map((e: { summary: string }) => e.summary)).toEqual([
      'median → majority · 0 grades changed',
      'single → median · 1 grade changed',
    ]);
    const mean = await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'mean' });
    expect(mean.json()).toMatchObject({ version: 4, grade_counts: { '1': 1, '2': 2 } });
  });

  it("removes only the person's own rating; the grade follows the ratings left, the upload's once no one else's is", async () => {
    const bob = await as('bob', 'Bob');
    expect(
      (await t.call('DELETE', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa&product_id=p1`, undefined, bob)).statusCode,
    ).toBe(204);
    expect((await sofa()).find((j) => j.product_id === 'p1')).toMatchObject({ grade: 1, judged_by: 'Bob' });
    const again = await t.call('DELETE', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa&product_id=p1`, undefined, bob);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('by you');
    const alice = await as('alice', 'Alice');
    expect(
      (await t.call('DELETE', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa&product_id=p1`, undefined, alice)).statusCode,
    ).toBe(204);
    expect((await sofa()).find((j) => j.product_id === 'p1')).toMatchObject({ grade: 3, ratings: [{ kind: 'import', grade: 3 }] });
    // A pair only the upload rated goes, with its rating.
    expect(
      (await t.call('DELETE', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa&product_id=p2`, undefined, alice)).statusCode,
    ).toBe(204);
    expect((await sofa()).map((j) => j.product_id)).toEqual(['p1']);
    expect(await set()).toMatchObject({ judgement_count: 2, grade_counts: { '2': 1, '3': 1 } });
  });

  it('refuses a bad rule or count naming the field, and a viewer', async () => {
    const rule = await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'average' });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().message).toContain('aggregate');
    const none = await t.call('PATCH', `${API}/golden-sets/${setId}`, { ratings_per_pair: 0 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('ratings_per_pair');
    const viewer = await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'median' }, await as('vera', 'Vera', 'viewer'));
    expect(viewer.statusCode).toBe(403);
    expect(await set()).toMatchObject({ aggregate: 'mean', ratings_per_pair: 3 });
    expect((await t.call('GET', `${API}/golden-sets/999999/raters`)).statusCode).toBe(404);
  });

  it("refuses a smaller scale while a rater's grade is above it, though the pair's grade is not", async () => {
    const upload = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Scaled'],
      ['file', { file: 'query,product_id,relevance\nsofa,p1,1\n' }],
    ]);
    const id = upload.json().id;
    expect((await t.call('PATCH', `${API}/golden-sets/${id}`, { aggregate: 'median' })).statusCode).toBe(200);
    const judge = async (sub: string, grade: number) =>
      t.call('PUT', `${API}/golden-sets/${id}/judgements/`, { query: 'sofa', product_id: 'p1', grade }, await as(sub, sub));
    expect((await judge('alice', 3)).json().grade).toBe(3);
    expect((await judge('bob', 0)).json().grade).toBe(0);
    const smaller = await t.call('PATCH', `${API}/golden-sets/${id}`, { scale: { max_grade: 2 } });
    expect(smaller.statusCode).toBe(409);
    expect(smaller.json().message).toBe('1 rating is graded above 2: its raters must change or remove them first');
  });
});
