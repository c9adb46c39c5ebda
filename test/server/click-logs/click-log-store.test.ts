// A curator stores the grades of a click log as the golden set's rater "clicks": the set's grades follow its
// rule over every rater, pairs shown too seldom get no click rating, and a new log replaces the last one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from '../helpers/test-app';

const API = '/api/backend';
/*
 * As in click-log-preview.test.ts: A is shown 20 times, COEC 1; B 10 times, 8/7; C 10 times, 7/8. With the
 * boundaries 0.5 and 0.9 all three reach grade 1 and A and B grade 2.
 */
const CSV = 'query,product_id,position,impressions,clicks\nsofa,A,1,10,4\nsofa,A,2,10,1\nsofa,B,2,10,3\nsofa,C,1,10,2\n';

type Rating = { rater: string; kind: string; grade: number };
type Judgement = { product_id: string; grade: number; ratings: Rating[] };

describe.each(backends)('click grades stored (%s)', (backend) => {
  let t: TestApp;
  let setId: number;

  const store = (fields: Record<string, string>, file = CSV) =>
    t.upload(`${API}/golden-sets/${setId}/click-logs`, [
      ...Object.entries({ format: 'csv', min_impressions: '10', thresholds: '0.5,0.9', preview: 'false', ...fields }),
      ['file', { file }],
    ]);
  const sofa = async () => (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=sofa`)).json<Judgement[]>();
  const gradesOf = (judgements: Judgement[]) => Object.fromEntries(judgements.map((j) => [j.product_id, j.grade]));
  const clicksOf = (judgements: Judgement[]) =>
    Object.fromEntries(judgements.flatMap((j) => j.ratings.filter((r) => r.kind === 'clicks').map((r) => [j.product_id, r.grade])));
  const raters = async () =>
    (await t.call('GET', `${API}/golden-sets/${setId}/raters`)).json<Array<{ kind: string; name: string; judgements: number }>>();

  beforeAll(async () => {
    t = await startTestApp(backend);
    const set = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Clicked'],
      ['max_grade', '2'],
      ['file', { file: 'query,product_id,relevance\nsofa,A,1\n' }],
    ]);
    expect(set.statusCode, set.body).toBe(201);
    setId = set.json().id;
    const mean = await t.call('PATCH', `${API}/golden-sets/${setId}`, { aggregate: 'mean' });
    expect(mean.statusCode, mean.body).toBe(200);
    const person = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'sofa', product_id: 'A', grade: 0 });
    expect(person.statusCode, person.body).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  it("stores the grades as the rater clicks and grades each pair by the set's rule over all its raters", async () => {
    const response = await store({});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ grade_counts: { 0: 0, 1: 1, 2: 2 }, ungraded: 0, pair_count: 3, stored: { rated: 3 } });
    expect(response.json().pairs).toHaveLength(3);
    const judgements = await sofa();
    expect(clicksOf(judgements)).toEqual({ A: 2, B: 2, C: 1 });
    // A: the person's 0 and the clicks' 2 by the mean, 1 (the upload's grade no longer counts); B and C: the clicks alone.
    expect(gradesOf(judgements)).toEqual({ A: 1, B: 2, C: 1 });
    expect((await raters()).find((rater) => rater.kind === 'clicks')).toMatchObject({ judgements: 3 });
    const audit = (await t.call('GET', `${API}/audit/?action=golden_set.clicks`)).json().results;
    expect(audit).toEqual([expect.objectContaining({ target_type: 'golden_set', target_id: String(setId) })]);
    expect(audit[0].summary).toMatch(/^3 pairs rated from clicks · \d+ grades? changed$/);
  });

  it('replaces the last log: pairs now shown fewer than min_impressions times lose their click rating', async () => {
    const response = await store({ min_impressions: '11' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ grade_counts: { 0: 0, 1: 0, 2: 1 }, ungraded: 2, stored: { rated: 1 } });
    const judgements = await sofa();
    expect(clicksOf(judgements)).toEqual({ A: 2 });
    // B and C had no other rater: they leave the set; A keeps the person's and the clicks' grades.
    expect(gradesOf(judgements)).toEqual({ A: 1 });
    expect((await raters()).find((rater) => rater.kind === 'clicks')).toMatchObject({ judgements: 1 });
  });

  it('stores nothing for a preview, a refused form or a refused file', async () => {
    const before = await sofa();
    const preview = await store({ preview: 'true', min_impressions: '1' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().stored).toBeNull();
    const thresholds = await store({ thresholds: '0.9' });
    expect(thresholds.statusCode).toBe(400);
    expect(thresholds.json().message).toMatch(/^thresholds needs 2 rising COEC boundaries/);
    const text = await store({ thresholds: '0.5,high' });
    expect(text.json().message).toBe('thresholds boundary 2 must be a number ≥ 0, not "high"');
    const minimum = await store({ min_impressions: '0' });
    expect(minimum.statusCode).toBe(400);
    expect(minimum.json().message).toBe('min_impressions must be a whole number ≥ 1, not "0"');
    const file = await store({}, 'query,product_id,position,impressions,clicks\nsofa,A,1,3,4\n');
    expect(file.statusCode).toBe(400);
    expect(file.json().message).toBe(
      'Nothing was stored: the CSV file has 1 problem; the first is at row 2, column "clicks": 4 clicks are more than the 3 impressions',
    );
    expect(await sofa()).toEqual(before);
  });

  it('is for curators: a viewer may not store', async () => {
    const token = await t.issuer.token({ roles: ['viewer'] });
    const response = await t.upload(
      `${API}/golden-sets/${setId}/click-logs`,
      [
        ['format', 'csv'],
        ['thresholds', '0.5,0.9'],
        ['preview', 'false'],
        ['file', { file: CSV }],
      ],
      { authorization: `Bearer ${token}` },
    );
    expect(response.statusCode).toBe(403);
  });
});
