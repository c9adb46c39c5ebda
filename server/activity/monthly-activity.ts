/**
 * What was made each month (UTC) over the last months, this one included: the dashboard's Monthly Activity.
 * Each series counts its rows by creation time; every month is listed, a month with nothing made as zeros.
 * The rows of the months asked for are read through each table's newest-first index, whatever the table's size.
 */
import type { Queryable } from '../db/database';
import type { Activity, ActivityMonth } from '../schemas/activity';

/** Each series is its table's rows, and named as the table. */
const SERIES = ['datasets', 'golden_sets', 'experiments', 'evaluations'] as const;
type Series = (typeof SERIES)[number];

export async function monthlyActivity(db: Queryable, months: number, now = new Date()): Promise<Activity> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const listed: ActivityMonth[] = Array.from({ length: months }, (_, i) => ({
    month: monthKey(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1))),
    datasets: 0,
    golden_sets: 0,
    experiments: 0,
    evaluations: 0,
  }));
  const byMonth = new Map(listed.map((month) => [month.month, month]));
  const selects = SERIES.map(
    (series) =>
      `SELECT '${series}' AS series, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS n
       FROM ${series} WHERE created_at >= $1 GROUP BY 2`,
  );
  const { rows } = await db.query<{ series: Series; month: string; n: number }>(selects.join(' UNION ALL '), [first.toISOString()]);
  for (const row of rows) {
    const month = byMonth.get(row.month);
    if (month) month[row.series] = row.n;
  }
  return { from: listed[0].month, months: listed };
}

const monthKey = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
