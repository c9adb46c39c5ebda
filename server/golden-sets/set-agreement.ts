/**
 * A golden set's agreement report: every rating of the set read once, the measures computed in process
 * (agreement/agreement-report.ts). People are the raters whose consensus the others are measured against.
 */
import type { Queryable } from '../db/database';
import type { Agreement } from '../schemas/agreement';
import { agreementReport } from './agreement/agreement-report';
import type { Rating } from './agreement/ratings-by-pair';
import { ratersOf } from './raters';

export async function goldenSetAgreement(db: Queryable, goldenSetId: number, listed: number): Promise<Agreement> {
  // ratersOf answers 404 for a set that does not exist.
  const raters = await ratersOf(db, goldenSetId);
  const { rows: scale } = await db.query<{ max_grade: number }>('SELECT max_grade FROM golden_sets WHERE id = $1', [goldenSetId]);
  // One row of text, a line per rating: a database answers one long value far faster than 600,000 rows.
  const { rows: text } = await db.query<{ lines: string | null }>(
    `SELECT string_agg(query_key || E'\\t' || product_id || E'\\t' || rater_id || E'\\t' || grade, E'\\n') AS lines
     FROM golden_set_ratings WHERE golden_set_id = $1`,
    [goldenSetId],
  );
  const rows = ratingLines(text[0].lines);
  const humans = raters.filter((rater) => rater.kind === 'person').map((rater) => rater.id);
  const report = agreementReport(rows, { maxGrade: scale[0].max_grade, humans });
  const shown = report.disagreements.slice(0, listed);
  const queries = await queriesOf(
    db,
    goldenSetId,
    shown.map(({ pair }) => splitPair(pair)),
  );
  return {
    ...report,
    raters,
    disagreements: shown.map(({ pair, grades, spread }) => {
      const [key, product_id] = splitPair(pair);
      return { query: queries.get(pair) ?? key, product_id, grades, spread };
    }),
    disagreements_total: report.disagreements.length,
  };
}

/** `key<TAB>product<TAB>rater<TAB>grade` lines as ratings; neither a query key nor a product id holds white space but a key's spaces. */
function ratingLines(lines: string | null): Rating[] {
  const ratings: Rating[] = [];
  if (lines === null) return ratings;
  for (const line of lines.split('\n')) {
    const gradeAt = line.lastIndexOf('\t');
    const raterAt = line.lastIndexOf('\t', gradeAt - 1);
    ratings.push({ pair: line.slice(0, raterAt), rater: Number(line.slice(raterAt + 1, gradeAt)), grade: Number(line.slice(gradeAt + 1)) });
  }
  return ratings;
}

/** The first tab ends the query key. */
function splitPair(pair: string): [string, string] {
  const tab = pair.indexOf('\t');
  return [pair.slice(0, tab), pair.slice(tab + 1)];
}

/** The query of each listed pair as first written, by its `key<TAB>product` string. */
async function queriesOf(db: Queryable, goldenSetId: number, pairs: Array<[string, string]>): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await db.query<{ pair: string; query: string }>(
    `SELECT DISTINCT ON (r.query_key, r.product_id) r.query_key || E'\\t' || r.product_id AS pair, r.query
     FROM golden_set_ratings r JOIN unnest($2::text[], $3::text[]) AS p (query_key, product_id) USING (query_key, product_id)
     WHERE r.golden_set_id = $1
     ORDER BY r.query_key, r.product_id, r.judged_at`,
    [goldenSetId, pairs.map(([key]) => key), pairs.map(([, product]) => product)],
  );
  return new Map(rows.map((row) => [row.pair, row.query]));
}
