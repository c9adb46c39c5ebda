/**
 * Removes every row the demo made (the demo flag, migration 019) in one transaction with its audit row, or
 * nothing at all. What a person made stays, and so does what it holds:
 * - a demo dataset a person added entries to is kept (with its entries), and demo entries that a dataset
 *   a person made holds are kept: both become ordinary rows, counted as kept in the answer;
 * - a golden set a person judged in, an experiment or entry a person edited and a product an import replaced
 *   lost their mark when they were changed, so they stay;
 * - runs of demo experiments go with them, whoever started them: they searched and scored demo data only.
 * Refused (409, naming them) while runs still going use demo data, and while experiments of a person use a
 * demo dataset, script or golden set. Counts kept by triggers (row_counts, entry_id_blocks) follow the deletes.
 */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { counted, joined, type AuditActor } from '../audit/audit-summaries';
import { judgementCountSql } from '../db/row-counts';
import { GOLDEN_SET_RELEVANCE } from '../runs/run-blockers';
import type { DemoCounts, DemoRemoval } from '../schemas/demo-data';
import { describeCounts } from './demo-data-counts';
import { SCRIPTS } from './demo-plan';
import { refuseWhileRunsUseDemoData, refuseWhileTheirExperimentsUseDemoData } from './demo-removal-checks';

/** The price the demo gave the built-in script; set back to 0 (its price before the demo) when it is still that. */
const DEMO_BUILTIN_PRICE = SCRIPTS.find((script) => script.name === 'Golden set relevance')!.cost;

export async function removeDemoData(db: Database, actor: AuditActor): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    // Locked first: a run started, or an experiment saved with one of these golden sets, waits for the removal.
    await tx.query('SELECT id FROM experiments WHERE demo ORDER BY id FOR UPDATE');
    await tx.query('SELECT id FROM golden_sets WHERE demo ORDER BY id FOR UPDATE');
    await refuseWhileRunsUseDemoData(tx);
    const kept = await keepWhatPeopleHold(tx);
    await refuseWhileTheirExperimentsUseDemoData(tx);
    const removed = await deleteDemoRows(tx);
    const priceReset = removed.evaluation_scripts > 0 && (await resetBuiltinPrice(tx));
    await recordAudit(tx, actor, {
      action: 'demo.remove',
      target_type: 'demo_data',
      target_id: null,
      summary: joined(
        `removed ${describeCounts(removed)}`,
        kept.datasets + kept.entries > 0
          ? `kept ${counted(kept.datasets, 'dataset', 'datasets')} and ${counted(kept.entries, 'entry', 'entries')} that people's rows hold`
          : '',
        priceReset ? 'built-in script price back to 0' : '',
      ),
    });
    return { removed, kept };
  });
}

/**
 * Unmarks the demo datasets that hold entries a person added, then the demo entries that any unmarked
 * dataset holds: they are kept, and from now on ordinary rows.
 */
async function keepWhatPeopleHold(tx: Queryable): Promise<DemoRemoval['kept']> {
  const datasets = await tx.query(
    `UPDATE datasets d SET demo = false
     WHERE d.demo AND EXISTS (
       SELECT 1 FROM dataset_entry_mappings m JOIN dataset_entries e ON e.id = m.dataset_entry_id
       WHERE m.dataset_id = d.id AND NOT e.demo)`,
  );
  const entries = await tx.query(
    `UPDATE dataset_entries e SET demo = false
     WHERE e.demo AND EXISTS (
       SELECT 1 FROM dataset_entry_mappings m JOIN datasets d ON d.id = m.dataset_id
       WHERE m.dataset_entry_id = e.id AND NOT d.demo)`,
  );
  return { datasets: datasets.rowCount, entries: entries.rowCount };
}

/** Deletes the marked rows, what depends on them first; the counts of what went. */
async function deleteDemoRows(tx: Queryable): Promise<DemoCounts> {
  const deleted = async (sql: string) => (await tx.query(sql)).rowCount;
  // Runs of demo experiments go with them (with their results and entries, by cascade), whoever started them.
  const runs = await deleted('DELETE FROM experiment_runs WHERE demo OR experiment_id IN (SELECT id FROM experiments WHERE demo)');
  const experiments = await deleted('DELETE FROM experiments WHERE demo');
  const judged = await tx.query<{ judgements: number }>(
    `SELECT coalesce(sum(${judgementCountSql('g.id')}), 0)::int AS judgements FROM golden_sets g WHERE g.demo`,
  );
  const golden_sets = await deleted('DELETE FROM golden_sets WHERE demo');
  const evaluation_scripts = await deleted('DELETE FROM evaluation_scripts WHERE demo');
  // A dataset's mappings go with it; the entries a person put in it stay.
  const datasets = await deleted('DELETE FROM datasets WHERE demo');
  const entries = await deleted('DELETE FROM dataset_entries WHERE demo');
  const products = await deleted('DELETE FROM products WHERE demo');
  return { datasets, entries, evaluation_scripts, experiments, runs, golden_sets, judgements: judged.rows[0].judgements, products };
}

/** Whether the built-in script's price was still the demo's and is now 0 again. */
async function resetBuiltinPrice(tx: Queryable): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE evaluation_scripts SET cost_per_evaluation = 0, updated_at = now() WHERE engine = $1 AND cost_per_evaluation = $2',
    [GOLDEN_SET_RELEVANCE, DEMO_BUILTIN_PRICE],
  );
  return rowCount > 0;
}
