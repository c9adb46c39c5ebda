import type { Database, Queryable } from '../db/database';
import { mergePendingRows } from '../db/after-import';
import { runToCompletion } from '../runs/process-run';
import type { RunQueue } from '../runs/run-queue';
import { queryKey } from '../evaluation/query-key';
import { addTally, tallyOf } from '../runs/run-tally';
import { startRun } from '../runs/start-run';
import { seedDemoCatalogue } from './demo-catalogue';
import { ALL_QUERIES, CLASS_DATASETS, EXPERIMENTS, GOLDEN_SETS, MAX_RESULTS_PER_RUN, metricsSchema, SCRIPTS } from './demo-plan';
import { DEMO_K, DEMO_PASS_THRESHOLD, demoResult } from './demo-results';
import { demoMetadata, TRAFFIC_SKILL, type DemoMetadata } from './demo-metadata';
import { insertGeneratedJudgements, insertOne, markDemoRun } from './demo-rows';
import { seedRunnableExperiment } from './runnable-experiment';
import { readWandsQueries, type WandsQuery } from './wands-queries';

async function isEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM datasets) OR EXISTS (SELECT 1 FROM dataset_entries)
       OR EXISTS (SELECT 1 FROM evaluation_scripts WHERE engine IS NULL) AS used`,
  );
  return !rows[0].used;
}

/**
 * On a first start with an empty database: WANDS queries as entries in a few datasets, three
 * scripts, experiments over those datasets, and runs whose results are computed from generated
 * searches and judgements. The same on every machine; returns whether it wrote anything.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const queries = readWandsQueries();
  const experimentId = await db.transaction(async (tx): Promise<number | false> => {
    if (!(await isEmpty(tx))) return false;
    const datasetIds = new Map<string, number>();
    for (const name of [ALL_QUERIES, ...CLASS_DATASETS]) {
      const description =
        name === ALL_QUERIES ? 'All 480 WANDS product-search queries (MIT licence)' : `WANDS queries of the class ${name}`;
      const row = await insertOne<{ id: number }>(tx, 'INSERT INTO datasets (name, description, demo) VALUES ($1, $2, true) RETURNING id', [
        name,
        description,
      ]);
      datasetIds.set(name, row.id);
    }
    const members = new Map<string, WandsQuery[]>([...datasetIds.keys()].map((name) => [name, []]));
    const entryIds = new Map<WandsQuery, number>();
    const metadata = new Map<WandsQuery, DemoMetadata>();
    for (const query of queries) {
      metadata.set(query, demoMetadata(query));
      const entry = await insertOne<{ id: number }>(
        tx,
        'INSERT INTO dataset_entries (input, input_metadata, query_key, demo) VALUES ($1, $2::jsonb, $3, true) RETURNING id',
        [query.query, JSON.stringify(metadata.get(query)), queryKey(query.query)],
      );
      entryIds.set(query, entry.id);
      for (const name of [ALL_QUERIES, query.queryClass]) {
        if (!datasetIds.has(name)) continue;
        await tx.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [
          datasetIds.get(name),
          entry.id,
        ]);
        members.get(name)!.push(query);
      }
    }

    const scripts = new Map<string, { id: number; cost: number }>();
    for (const script of SCRIPTS) {
      // The built-in script (migration 006) exists already: the demo only gives it a price, and it stays unmarked.
      const row = await insertOne<{ id: number }>(
        tx,
        `INSERT INTO evaluation_scripts (name, description, cost_per_evaluation, script_class, script_module, output_schema, demo)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, true)
         ON CONFLICT (name) DO UPDATE SET cost_per_evaluation = EXCLUDED.cost_per_evaluation RETURNING id`,
        [script.name, script.description, script.cost, script.scriptClass, script.scriptModule, JSON.stringify(metricsSchema)],
      );
      scripts.set(script.name, { id: row.id, cost: script.cost });
    }

    for (const [index, plan] of EXPERIMENTS.entries()) {
      const script = scripts.get(plan.script)!;
      const config = { search_target: plan.target, k: DEMO_K, gain: 'linear', pass_threshold: DEMO_PASS_THRESHOLD };
      const experiment = await insertOne<{ id: number }>(
        tx,
        `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config, created_at, updated_at, demo)
         VALUES ($1, $2, $3, $4, $5::jsonb, now() - make_interval(days => $6), now() - make_interval(days => $6), true)
         RETURNING id`,
        [plan.name, script.id, datasetIds.get(plan.dataset), plan.description, JSON.stringify(config), 30 - index],
      );
      for (const [runIndex, run] of plan.runs.entries()) {
        const dataset = members.get(plan.dataset)!.slice(0, MAX_RESULTS_PER_RUN);
        const done = run.status === 'success' ? dataset : dataset.slice(0, Math.ceil(dataset.length / 2));
        const created = await insertOne<{ id: number }>(
          tx,
          // Times as the run queue leaves them: started when created, finished (and last updated) 25 minutes on, never after now.
          `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, tags, status, total_cost, created_at, started_at,
             updated_at, finished_at, progress_done, progress_total, evaluations, demo)
           SELECT $1, $2, $3::text[], $4, $5, created, created, finished, finished, $7, $8, $7, true
             FROM (SELECT now() - make_interval(days => $6) AS created,
                          least(now(), now() - make_interval(days => $6) + interval '25 minutes') AS finished) AS times
           RETURNING id`,
          [
            experiment.id,
            plan.script,
            run.tags,
            run.status,
            Number((script.cost * done.length).toFixed(6)),
            run.ageDays,
            done.length,
            dataset.length,
          ],
        );
        const configuration = { ...config, version: run.version };
        const results = [];
        const countedKeys = new Set<string>();
        for (const [position, query] of done.entries()) {
          const skill = run.skill * TRAFFIC_SKILL[metadata.get(query)!.traffic];
          const result = demoResult(query, skill, index * 100 + runIndex, run.version);
          if (run.status === 'failed' && position === done.length - 1) {
            Object.assign(result, { status: 'ERROR', test_result: 'Search target timed out after 10 s · run stopped' });
          }
          // Counted in the means as the worker counts (process-run.ts): scored, once per query key.
          const key = queryKey(result.input);
          const counted = (result.status === 'PASS' || result.status === 'FAIL') && !countedKeys.has(key);
          if (counted) countedKeys.add(key);
          // Linked to its entry as the worker links a result, so the run's results can be read by segment.
          await tx.query(
            `INSERT INTO experiment_run_results (run_id, entry_id, experiment_configuration, result, created_at, query_key, counted)
             VALUES ($1, $2, $3::jsonb, $4::jsonb, now() - make_interval(days => $5) + make_interval(secs => $6), $7, $8)`,
            [
              created.id,
              entryIds.get(query),
              JSON.stringify(configuration),
              JSON.stringify(result),
              run.ageDays,
              position * 5,
              key,
              counted,
            ],
          );
          results.push({ result, counted });
        }
        const tally = tallyOf(results);
        await addTally(tx, created.id, tally);
        await tx.query('UPDATE experiment_runs SET evaluations = evaluations - $2 WHERE id = $1', [created.id, tally.errors]);
      }
    }

    for (const [index, set] of GOLDEN_SETS.entries()) {
      const queriesOfSet = members.get(set.dataset)!.slice(0, MAX_RESULTS_PER_RUN);
      const goldenSet = await insertOne<{ id: number }>(
        tx,
        `INSERT INTO golden_sets (name, description, market, created_at, updated_at, demo)
         VALUES ($1, $2, $3, now() - make_interval(days => $4), now() - make_interval(days => $4), true) RETURNING id`,
        [
          set.name,
          `Generated demo judgements (not real relevance labels) for ${queriesOfSet.length} WANDS queries (MIT licence); ` +
            `they are the judgements the demo run ${set.run} was scored against.`,
          set.market,
          40 - index,
        ],
      );
      await insertGeneratedJudgements(tx, goldenSet.id, queriesOfSet, set.seed);
    }
    await seedDemoCatalogue(
      tx,
      [...members.values()].flatMap((queries) => queries.slice(0, MAX_RESULTS_PER_RUN)),
    );
    return seedRunnableExperiment(
      tx,
      members.get(ALL_QUERIES)!.slice(0, MAX_RESULTS_PER_RUN),
      entryIds,
      scripts.get('Golden set relevance')!.id,
    );
  });
  if (experimentId === false) return false;
  await mergePendingRows(db, 'products');
  await mergePendingRows(db, 'entries');
  // A real run, searched and scored by the engine like any other, so a new user sees real numbers.
  const run = await startRun(db, seedingQueue, DEMO_SEEDER, experimentId, ['demo']);
  await markDemoRun(db, Number(run.id));
  await runToCompletion(db, Number(run.id));
  return true;
}

/** Who the audit trail says started the demo's run: the server itself, on its first start. */
const DEMO_SEEDER = { sub: 'demo-data', name: 'Demo data (first start)' };

/** The demo's run is worked right here, before any worker starts. */
const seedingQueue: RunQueue = { enqueue: async () => {}, committed: () => {}, startWorker: async () => {}, close: async () => {} };
