// The console's calls of the golden set page's ratings, agreement, adjudication and rating rule, made by its own
// API client against the real server on both storages: what the Agreement tab and the settings read is what
// the server answers, and an adjudication and a rule change land as the screens say.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/services/api-client';
import { createGoldenSets, type GoldenSets } from '../../src/services/backend/golden-sets';
import { savedRuleNotice } from '../../src/domain/golden-sets/rating-rule';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

describe.each(backends)("the console's rating calls against the server (%s)", (backend) => {
  let t: TestApp;
  let setId: number;
  let goldenSets: GoldenSets;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const upload = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Rated'],
      ['file', { file: 'query,product_id,relevance\nlamp,p9,1\n' }],
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    setId = upload.json().id;
    const grades = { alice: { p1: 3, p2: 2, p3: 1, p4: 0 }, bob: { p1: 3, p2: 1, p3: 1, p4: 0 } };
    for (const [who, theirs] of Object.entries(grades)) {
      const headers = {
        authorization: `Bearer ${await t.issuer.token({ sub: who, name: who === 'alice' ? 'Alice' : 'Bob', roles: ['curator'] })}`,
      };
      for (const [product_id, grade] of Object.entries(theirs)) {
        const put = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'Sofa', product_id, grade }, headers);
        expect(put.statusCode, put.body).toBe(200);
      }
    }
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseURL = `${address}${API}`;
    const api = createApiClient(baseURL, {
      getAccessToken: () => t.issuer.token({ sub: 'carol', name: 'Carol', roles: ['curator'] }),
      onSignedOut: vi.fn(),
    });
    goldenSets = createGoldenSets(api, baseURL, vi.fn());
  }, 60_000);
  afterAll(() => t?.close());

  it("reads the two people's κ, α and their one disagreement as the Agreement tab shows them", async () => {
    const agreement = await goldenSets.agreementOf(setId);
    expect(agreement.pairs).toHaveLength(1);
    expect(agreement.pairs[0]).toMatchObject({ shared: 4, exact_agreement: 0.75 });
    expect(agreement.pairs[0].kappa_quadratic).toBeCloseTo(0.9, 10);
    expect(agreement.alpha_ordinal).toBeCloseTo(1 - 56 / 624, 10);
    expect(agreement.disagreements.map((d) => [d.query, d.product_id, d.spread])).toEqual([['Sofa', 'p2', 1]]);
  });

  it('saves an adjudication that decides the grade, marked as such among the ratings, and lists it in the agreement', async () => {
    await goldenSets.saveAdjudication(setId, { query: 'Sofa', product_id: 'p2', grade: 0 });
    const p2 = (await goldenSets.judgementsOf(setId, 'Sofa')).find((judgement) => judgement.product_id === 'p2')!;
    expect(p2.grade).toBe(0);
    expect(p2.ratings?.map((rating) => [rating.rater, rating.grade, rating.adjudication])).toEqual(
      expect.arrayContaining([
        ['Carol', 0, true],
        ['Alice', 2, false],
        ['Bob', 1, false],
      ]),
    );
    const agreement = await goldenSets.agreementOf(setId);
    expect(agreement.raters.map((rater) => rater.name)).toContain('Carol');
    expect(agreement.disagreements.map((d) => [d.product_id, d.spread])).toEqual([['p2', 2]]);
  });

  it('changes the rating rule: the notice says grades changed when they did, and none when the rule gives the same', async () => {
    const before = (await goldenSets.getGoldenSet(setId)).version;
    const rule = { aggregate: 'median' as const, ratings_per_pair: 3, prefer_adjudication: false };
    const changed = await goldenSets.changeRatingRule(setId, rule);
    expect(changed).toMatchObject(rule);
    // p2 is the lower median of 2, 1 and 0 again instead of Carol's 0.
    expect(savedRuleNotice(before, changed)).toBe(`Saved. Grades changed: the golden set is now at version ${before + 1}.`);
    expect((await goldenSets.judgementsOf(setId, 'Sofa')).find((judgement) => judgement.product_id === 'p2')!.grade).toBe(1);
    const again = await goldenSets.changeRatingRule(setId, rule);
    expect(savedRuleNotice(changed.version, again)).toBe('Saved. No grade changed.');
  });

  it("names the field of a rule the server refuses, in the server's words", async () => {
    await expect(
      goldenSets.changeRatingRule(setId, { aggregate: 'mean', ratings_per_pair: 11, prefer_adjudication: true }),
    ).rejects.toThrow(/ratings_per_pair/);
  });
});
