// A golden set's agreement over HTTP, on both storages: the ratings of each rater go in whole, and the numbers
// are the textbook ones, worked by hand below for two people grading four pairs on a 0–3 scale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';

describe.each(backends)('golden set agreement (%s)', (backend) => {
  let t: TestApp;
  let setId: number;
  const as = async (sub: string, name: string, role = 'curator') => ({
    authorization: `Bearer ${await t.issuer.token({ sub, name, roles: [role] })}`,
  });

  beforeAll(async () => {
    t = await startTestApp(backend);
    // The upload rates one pair nobody else grades: it shares nothing with the two people.
    const upload = await t.upload(`${API}/golden-sets/`, [
      ['name', 'Agreed'],
      ['file', { file: 'query,product_id,relevance\nlamp,p9,1\n' }],
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    setId = upload.json().id;
    const grades = { alice: { p1: 3, p2: 2, p3: 1, p4: 0 }, bob: { p1: 3, p2: 1, p3: 1, p4: 0 } };
    for (const [who, theirs] of Object.entries(grades)) {
      const headers = await as(who, who === 'alice' ? 'Alice' : 'Bob');
      for (const [product_id, grade] of Object.entries(theirs)) {
        const put = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'Sofa', product_id, grade }, headers);
        expect(put.statusCode, put.body).toBe(200);
      }
    }
  }, 60_000);
  afterAll(() => t?.close());

  it("gives the two people's κ, exact agreement, confusion and α, and each rater against the others' consensus", async () => {
    const answer = await t.call('GET', `${API}/golden-sets/${setId}/agreement`, undefined, await as('vera', 'Vera', 'viewer'));
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json();
    const id = (name: string) => report.raters.find((r: { name: string }) => r.name === name).id;
    expect(report.raters.map((r: { name: string; kind: string; judgements: number }) => [r.name, r.kind, r.judgements])).toEqual([
      ['Alice', 'person', 4],
      ['Bob', 'person', 4],
      ['Upload of Agreed', 'import', 1],
    ]);
    // Quadratic κ = 1 − Σ(i−j)²·observed / Σ(i−j)²·expected. Observed: only p2 differs, by one grade: 1.
    // Expected: Alice gives each grade once, Bob 0 once, 1 twice, 3 once; Σ_i Σ_j (i−j)² r_i c_j / n = 40 / 4 = 10.
    // κ = 1 − 1/10 = 0.9.
    expect(report.pairs).toHaveLength(1);
    const [pair] = report.pairs;
    expect(pair).toMatchObject({ rater_a: id('Alice'), rater_b: id('Bob'), shared: 4, exact_agreement: 0.75 });
    expect(pair.kappa_quadratic).toBeCloseTo(0.9, 10);
    expect(pair.confusion).toEqual([
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 1],
    ]);
    // Krippendorff's ordinal α: values pairable in p1–p4 (p9 has one), n.. = 8 with n0 = 2, n1 = 3, n2 = 1, n3 = 2;
    // the only coincidences off the diagonal are o12 = o21 = 1 at δ²12 = ((n1 + n2) / 2)² = 4, so Σ o δ² = 8;
    // Σ n_c n_k δ² over ordered grades = 624. α = 1 − (8 − 1) · 8 / 624 = 0.910256…
    expect(report.pairable).toBe(8);
    expect(report.alpha_ordinal).toBeCloseTo(1 - 56 / 624, 10);
    // With two people, each one's consensus is the other: the same κ; the upload shares no pair with a person.
    expect(report.vs_consensus).toEqual(
      expect.arrayContaining([
        { rater: id('Alice'), shared: 4, kappa_quadratic: expect.closeTo(0.9, 10) },
        { rater: id('Bob'), shared: 4, kappa_quadratic: expect.closeTo(0.9, 10) },
        { rater: id('Upload of Agreed'), shared: 0, kappa_quadratic: null },
      ]),
    );
    expect(report.disagreements).toEqual([
      {
        query: 'Sofa',
        product_id: 'p2',
        grades: [
          { rater: id('Alice'), grade: 2 },
          { rater: id('Bob'), grade: 1 },
        ],
        spread: 1,
      },
    ]);
    expect(report.disagreements_total).toBe(1);
  });

  it('lists as many disagreements as asked, says how many there are, and names a bad count or a missing set', async () => {
    const none = (await t.call('GET', `${API}/golden-sets/${setId}/agreement?disagreements=0`)).json();
    expect(none).toMatchObject({ disagreements: [], disagreements_total: 1 });
    const tooMany = await t.call('GET', `${API}/golden-sets/${setId}/agreement?disagreements=501`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('disagreements');
    expect((await t.call('GET', `${API}/golden-sets/999999/agreement`)).statusCode).toBe(404);
  });
});
