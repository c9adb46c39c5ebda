// A golden set's agreement as the database counts it must be the report computed from every rating, on both
// storages: random ratings of four raters stored in a set, then the measures, the raters' judgement counts and
// the widest disagreements (with the query as written) compared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementReport } from '../../server/golden-sets/agreement/agreement-report';
import { goldenSetAgreement } from '../../server/golden-sets/set-agreement';
import { randomRatings, seeded } from './helpers/random-ratings';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-databases';

const MAX_GRADE = 3;
const LISTED = 25;

describe.each(backends)('golden set agreement from the database (%s)', (backend) => {
  let t: TestDatabase;
  let setId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDatabase(backend);
    setId = (await t.db.query<{ id: number }>("INSERT INTO golden_sets (name) VALUES ('Random') RETURNING id")).rows[0].id;
    for (const [name, kind] of [
      ['Ann', 'person'],
      ['Ben', 'person'],
      ['Cy', 'person'],
      ['Model', 'model'],
    ]) {
      const made = await t.db.query<{ id: number }>('INSERT INTO raters (kind, name, subject) VALUES ($1, $2, $3) RETURNING id', [
        kind,
        name,
        kind === 'person' ? name.toLowerCase() : null,
      ]);
      ids[name] = Number(made.rows[0].id);
    }
  }, 60_000);
  afterAll(() => t?.drop());

  it('equals the report from every rating, and lists the widest disagreements first with their query as written', async () => {
    const ratings = randomRatings(seeded(7), 2000, Object.values(ids), MAX_GRADE);
    await t.db.query(
      `INSERT INTO golden_set_ratings (golden_set_id, query, query_key, product_id, rater_id, grade)
       SELECT $1, 'Query ' || split_part(pair, '|', 1), split_part(pair, '|', 1), split_part(pair, '|', 2), rater, grade
       FROM unnest($2::text[], $3::bigint[], $4::int[]) AS r (pair, rater, grade)`,
      [setId, ratings.map((r) => r.pair), ratings.map((r) => r.rater), ratings.map((r) => r.grade)],
    );
    // The database orders disagreements by key and product joined by a tab.
    const expected = agreementReport(
      ratings.map((r) => ({ ...r, pair: r.pair.replace('|', '\t') })),
      { maxGrade: MAX_GRADE, humans: [ids.Ann, ids.Ben, ids.Cy] },
    );
    const report = await goldenSetAgreement(t.db, setId, LISTED);

    expect(report.pairs).toEqual(expected.pairs);
    expect(report.alpha_ordinal).toBeCloseTo(expected.alpha_ordinal!, 12);
    expect(report.pairable).toBe(expected.pairable);
    expect(report.vs_consensus).toEqual(expected.vs_consensus);
    expect(report.disagreements_total).toBe(expected.disagreements.length);
    expect(report.disagreements).toEqual(
      expected.disagreements.slice(0, LISTED).map(({ pair, grades, spread }) => {
        const [key, product_id] = pair.split('\t');
        return { query: `Query ${key}`, product_id, grades, spread };
      }),
    );
    const judged = (id: number) => ratings.filter((r) => r.rater === id).length;
    expect(report.raters.map((r) => [r.name, r.judgements])).toEqual(
      Object.entries(ids)
        .map(([name, id]) => [name, judged(id)] as const)
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
    );
  });
});
