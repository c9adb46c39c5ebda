/**
 * Migration 024 on golden sets judged before raters: every judgement becomes one rating, a person's by a
 * person rater of that name (with the account the audit trail names, so they find their ratings when they
 * next judge), the rest by the set's import rater; the grades stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/storage/migrate';
import { backends, startTestApp, type TestApp } from './helpers/test-app';

const API = '/api/backend';
const JUDGEMENTS = ['query,product_id,relevance', 'red sofa,p1,3', 'red sofa,p2,1', 'lamp,p3,2'].join('\n');

describe.each(backends)('migration 024 on judgements made before raters, on %s', (backend) => {
  let t: TestApp;
  let setId: number;
  let otherId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const upload = async (name: string) =>
      (
        await t.upload(`${API}/golden-sets/`, [
          ['name', name],
          ['file', { file: JUDGEMENTS }],
        ])
      ).json().id as number;
    [setId, otherId] = [await upload('Sofas'), await upload('Untouched')];
    // The database as it was before 024: Carol judged p1 of the first set (the trail knows her account),
    // Dan judged lamp by a name the trail does not know.
    await t.db.exec(
      `DROP TABLE golden_set_ratings CASCADE; DROP TABLE raters;
       ALTER TABLE golden_sets DROP COLUMN aggregate, DROP COLUMN ratings_per_pair, DROP COLUMN prefer_adjudication;
       UPDATE golden_set_judgements SET grade = 2, judged_by = 'Carol' WHERE golden_set_id = ${setId} AND product_id = 'p1';
       UPDATE golden_set_judgements SET judged_by = 'Dan' WHERE golden_set_id = ${setId} AND product_id = 'p3';
       INSERT INTO audit_events (actor_sub, actor_name, action, target_type, target_id, summary)
         VALUES ('carol-sub', 'Carol', 'judgement.set', 'golden_set', '${setId}', '“red sofa” · p1: 3 → 2');
       DELETE FROM schema_migrations WHERE version IN (24, 26);`,
    );
    // 026 adds to what 024 makes, so it runs again after it.
    expect(await migrate(t.db)).toEqual(['024_raters.sql', '026_rater_sources.sql']);
  }, 120_000);
  afterAll(() => t?.close());

  it('makes each judgement one rating by whoever made it, the grades unchanged', async () => {
    const { rows } = await t.db.query<{
      golden_set_id: number;
      product_id: string;
      grade: number;
      kind: string;
      name: string;
      subject: string | null;
    }>(
      `SELECT r.golden_set_id, r.product_id, r.grade, t.kind, t.name, t.subject
       FROM golden_set_ratings r JOIN raters t ON t.id = r.rater_id ORDER BY r.golden_set_id, r.product_id`,
    );
    expect(rows.map((r) => [r.golden_set_id, r.product_id, r.grade, r.kind, r.name, r.subject])).toEqual([
      [setId, 'p1', 2, 'person', 'Carol', 'carol-sub'],
      [setId, 'p2', 1, 'import', 'Upload of Sofas', null],
      [setId, 'p3', 2, 'person', 'Dan', null],
      [otherId, 'p1', 3, 'import', 'Upload of Untouched', null],
      [otherId, 'p2', 1, 'import', 'Upload of Untouched', null],
      [otherId, 'p3', 2, 'import', 'Upload of Untouched', null],
    ]);
    expect((await t.call('GET', `${API}/golden-sets/${setId}`)).json()).toMatchObject({ aggregate: 'single', ratings_per_pair: 1 });
    const sofa = (await t.call('GET', `${API}/golden-sets/${setId}/judgements/?query=red%20sofa`)).json();
    expect(sofa.map((j: { product_id: string; grade: number; ratings: unknown[] }) => [j.product_id, j.grade, j.ratings.length])).toEqual([
      ['p1', 2, 1],
      ['p2', 1, 1],
    ]);
  });

  it('lets a person judged before raters change their own rating, not add another', async () => {
    const carol = { authorization: `Bearer ${await t.issuer.token({ sub: 'carol-sub', name: 'Carol', roles: ['curator'] })}` };
    const put = await t.call('PUT', `${API}/golden-sets/${setId}/judgements/`, { query: 'red sofa', product_id: 'p1', grade: 0 }, carol);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ grade: 0, ratings: [{ rater: 'Carol', kind: 'person', grade: 0 }] });
    const raters = (await t.call('GET', `${API}/golden-sets/${setId}/raters`)).json();
    expect(raters.map((r: { name: string; judgements: number }) => [r.name, r.judgements])).toEqual([
      ['Carol', 1],
      ['Dan', 1],
      ['Upload of Sofas', 1],
    ]);
  });
});
