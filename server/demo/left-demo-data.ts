/** What the start-up log says when DEMO_DATA=false finds demo data already in the database. */
import type { Queryable } from '../db/database';
import { anyDemoData, demoDataCounts, describeCounts } from './demo-data-counts';

/**
 * DEMO_DATA=false only keeps an empty database empty, which people setting it do not expect: the line says
 * what was left and how to remove it. Undefined when there is no demo data.
 */
export async function leftDemoData(db: Queryable): Promise<string | undefined> {
  const counts = await demoDataCounts(db);
  if (!anyDemoData(counts)) return undefined;
  return (
    `DEMO_DATA=false: the database already holds demo data (${describeCounts(counts)}), left as it is: ` +
    'DEMO_DATA only decides whether an empty database gets the demo data. An admin removes it with ' +
    'DELETE /api/backend/demo-data (rows people made stay)'
  );
}
