/** How many rows the demo made are still there, by kind: what GET /api/backend/demo-data and the start-up log report. */
import { counted } from '../audit/audit-summaries';
import type { Queryable } from '../db/database';
import { judgementCountSql } from '../db/row-counts';
import type { DemoCounts, DemoDataState } from '../schemas/demo-data';

// Entries and products are counted from their partial indexes (migration 019), which hold the demo's rows only.
const COUNTS = `SELECT
  (SELECT count(*) FROM datasets WHERE demo)::int AS datasets,
  (SELECT count(*) FROM dataset_entries WHERE demo)::int AS entries,
  (SELECT count(*) FROM evaluation_scripts WHERE demo)::int AS evaluation_scripts,
  (SELECT count(*) FROM experiments WHERE demo)::int AS experiments,
  (SELECT count(*) FROM experiment_runs WHERE demo)::int AS runs,
  (SELECT count(*) FROM golden_sets WHERE demo)::int AS golden_sets,
  (SELECT coalesce(sum(${judgementCountSql('g.id')}), 0) FROM golden_sets g WHERE g.demo)::int AS judgements,
  (SELECT count(*) FROM products WHERE demo)::int AS products`;

export async function demoDataCounts(db: Queryable): Promise<DemoCounts> {
  const { rows } = await db.query<DemoCounts>(COUNTS);
  return rows[0];
}

export const anyDemoData = (counts: DemoCounts) => Object.values(counts).some((n) => n > 0);

/** What GET /api/backend/demo-data answers; `seedsEmptyDatabase` is the DEMO_DATA setting. */
export async function demoDataState(db: Queryable, seedsEmptyDatabase: boolean): Promise<DemoDataState> {
  const counts = await demoDataCounts(db);
  return { present: anyDemoData(counts), counts, seeds_empty_database: seedsEmptyDatabase };
}

const NAMES: Record<keyof DemoCounts, [string, string]> = {
  datasets: ['dataset', 'datasets'],
  entries: ['entry', 'entries'],
  evaluation_scripts: ['evaluation script', 'evaluation scripts'],
  experiments: ['experiment', 'experiments'],
  runs: ['run', 'runs'],
  golden_sets: ['golden set', 'golden sets'],
  judgements: ['judgement', 'judgements'],
  products: ['product', 'products'],
};

/** "6 datasets · 480 entries · …", the kinds that have any, for the audit trail and the start-up log. */
export function describeCounts(counts: DemoCounts): string {
  const parts = (Object.keys(NAMES) as (keyof DemoCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => counted(counts[kind], ...NAMES[kind]));
  return parts.length > 0 ? parts.join(' · ') : 'nothing';
}
