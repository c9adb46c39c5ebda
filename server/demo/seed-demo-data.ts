import type { Database, Queryable } from '../db/database';
import { DEMO_K, DEMO_PASS_THRESHOLD, DEMO_PRODUCT_NUMBERS, DEMO_PRODUCT_STYLES, demoProduct, demoResult } from './demo-results';
import { readWandsQueries, type WandsQuery } from './wands-queries';
import { queryKey } from '../evaluation/query-key';
import { createRun } from '../runs/create-run';
import { cleanSearchIndex } from '../search/catalogue-import';
import { runToCompletion } from '../runs/process-run';
import { addTally, tallyOf } from '../runs/run-tally';
import type { RunQueue } from '../runs/run-queue';

const ALL_QUERIES = 'WANDS queries (all)';
const CLASS_DATASETS = ['Accent Chairs', 'Area Rugs', 'Beds', 'Wall Art', 'Coffee & Cocktail Tables'];

const SCRIPTS = [
  {
    name: 'Golden set relevance',
    description: 'Scores each search against graded golden-set judgements: nDCG, precision, recall and F1 at k.',
    cost: 0.0002,
    scriptClass: 'GoldenSetRelevance',
    scriptModule: 'evaluation.scripts.golden_set',
  },
  {
    name: 'LLM relevance judge',
    description: 'Asks a language model to grade each returned product for the query, then scores the grades.',
    cost: 0.0125,
    scriptClass: 'LlmRelevanceJudge',
    scriptModule: 'evaluation.scripts.llm_judge',
  },
  {
    name: 'Click model replay',
    description: 'Replays logged sessions through a cascade click model to estimate satisfaction.',
    cost: 0.0008,
    scriptClass: 'ClickModelReplay',
    scriptModule: 'evaluation.scripts.click_model',
  },
];

const metricsSchema = {
  type: 'object',
  properties: Object.fromEntries(
    [`ndcg@${DEMO_K}`, `precision@${DEMO_K}`, `recall@${DEMO_K}`, `f1@${DEMO_K}`, 'reciprocal_rank', 'average_precision'].map((name) => [
      name,
      { type: 'number', minimum: 0, maximum: 1 },
    ]),
  ),
};

type RunPlan = { tags: string[]; status: 'success' | 'failed' | 'running'; skill: number; version: string; ageDays: number };

const EXPERIMENTS: { name: string; script: string; dataset: string; description: string; target: string; runs: RunPlan[] }[] = [
  {
    name: 'BM25 baseline',
    script: 'Golden set relevance',
    dataset: ALL_QUERIES,
    description: 'Keyword search with default BM25 weights over name and description.',
    target: 'bm25-baseline',
    runs: [
      { tags: ['baseline', 'nightly'], status: 'success', skill: 1.0, version: 'v1.0.0', ageDays: 20 },
      { tags: ['nightly'], status: 'success', skill: 1.1, version: 'v1.1.0', ageDays: 10 },
      { tags: ['hotfix'], status: 'failed', skill: 1.05, version: 'v1.1.1', ageDays: 3 },
    ],
  },
  {
    name: 'Semantic rerank for chairs',
    script: 'LLM relevance judge',
    dataset: 'Accent Chairs',
    description: 'Cross-encoder reranking of the top 50 keyword results.',
    target: 'semantic-rerank',
    runs: [
      { tags: ['rerank', 'candidate'], status: 'success', skill: 1.4, version: 'v2.0.0-rc1', ageDays: 6 },
      { tags: ['rerank'], status: 'running', skill: 1.5, version: 'v2.0.0-rc2', ageDays: 0 },
    ],
  },
  {
    name: 'Rug synonyms',
    script: 'Golden set relevance',
    dataset: 'Area Rugs',
    description: 'Adds a synonym list for sizes, materials and shapes of rugs.',
    target: 'bm25-synonyms',
    runs: [{ tags: ['synonyms'], status: 'success', skill: 1.2, version: 'v1.2.0', ageDays: 8 }],
  },
  {
    name: 'Bed facet boosts',
    script: 'Click model replay',
    dataset: 'Beds',
    description: 'Boosts products whose size facet matches the query.',
    target: 'facet-boosts',
    runs: [{ tags: ['facets'], status: 'failed', skill: 0.8, version: 'v1.3.0', ageDays: 5 }],
  },
  {
    name: 'Wall art embeddings',
    script: 'Golden set relevance',
    dataset: 'Wall Art',
    description: 'Dense retrieval with image and title embeddings.',
    target: 'dense-retrieval',
    runs: [{ tags: ['dense', 'candidate'], status: 'success', skill: 1.3, version: 'v3.0.0', ageDays: 2 }],
  },
];

/**
 * The spec's three country golden sets. Each holds the generated judgements of one demo run (same
 * queries, same seed as demoResult), so a set's judgements are exactly that run's golden_set.
 */
const GOLDEN_SETS = [
  { name: 'Golden set — Germany', market: 'DE', dataset: ALL_QUERIES, run: 'BM25 baseline v1.0.0', seed: 0 },
  { name: 'Golden set — France', market: 'FR', dataset: 'Area Rugs', run: 'Rug synonyms v1.2.0', seed: 200 },
  { name: 'Golden set — Spain', market: 'ES', dataset: 'Wall Art', run: 'Wall art embeddings v3.0.0', seed: 400 },
];

/** Results a run carries: all of its dataset for a finished run, part of it otherwise. */
const MAX_RESULTS_PER_RUN = 60;

async function insertOne<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T> {
  return (await tx.query<T>(sql, params)).rows[0];
}

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
      const description = name === ALL_QUERIES ? 'All 480 WANDS product-search queries (MIT licence)' : `WANDS queries of the class ${name}`;
      const row = await insertOne<{ id: number }>(tx, 'INSERT INTO datasets (name, description) VALUES ($1, $2) RETURNING id', [name, description]);
      datasetIds.set(name, row.id);
    }
    const members = new Map<string, WandsQuery[]>([...datasetIds.keys()].map((name) => [name, []]));
    const entryIds = new Map<WandsQuery, number>();
    for (const query of queries) {
      const entry = await insertOne<{ id: number }>(
        tx,
        'INSERT INTO dataset_entries (input, input_metadata) VALUES ($1, $2::jsonb) RETURNING id',
        [query.query, JSON.stringify({ source: 'WANDS', query_id: query.id, query_class: query.queryClass })],
      );
      entryIds.set(query, entry.id);
      for (const name of [ALL_QUERIES, query.queryClass]) {
        if (!datasetIds.has(name)) continue;
        await tx.query('INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) VALUES ($1, $2)', [datasetIds.get(name), entry.id]);
        members.get(name)!.push(query);
      }
    }

    const scripts = new Map<string, { id: number; cost: number }>();
    for (const script of SCRIPTS) {
      // The built-in script (migration 006) exists already: the demo only gives it a price.
      const row = await insertOne<{ id: number }>(
        tx,
        `INSERT INTO evaluation_scripts (name, description, cost_per_evaluation, script_class, script_module, output_schema)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb)
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
        `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, now() - make_interval(days => $6), now() - make_interval(days => $6))
         RETURNING id`,
        [plan.name, script.id, datasetIds.get(plan.dataset), plan.description, JSON.stringify(config), 30 - index],
      );
      for (const [runIndex, run] of plan.runs.entries()) {
        const dataset = members.get(plan.dataset)!.slice(0, MAX_RESULTS_PER_RUN);
        const done = run.status === 'success' ? dataset : dataset.slice(0, Math.ceil(dataset.length / 2));
        const created = await insertOne<{ id: number }>(
          tx,
          `INSERT INTO experiment_runs (experiment_id, evaluation_script_name, tags, status, total_cost, created_at, updated_at,
             progress_done, progress_total, evaluations)
           VALUES ($1, $2, $3::text[], $4, $5, now() - make_interval(days => $6), now() - make_interval(days => $6) + interval '25 minutes',
             $7, $8, $7)
           RETURNING id`,
          [experiment.id, plan.script, run.tags, run.status, Number((script.cost * done.length).toFixed(6)), run.ageDays, done.length, dataset.length],
        );
        const configuration = { ...config, version: run.version };
        const results = [];
        for (const [position, query] of done.entries()) {
          const result = demoResult(query, run.skill, index * 100 + runIndex, run.version);
          if (run.status === 'failed' && position === done.length - 1) {
            Object.assign(result, { status: 'ERROR', test_result: 'Search target timed out after 10 s · run stopped' });
          }
          await tx.query(
            `INSERT INTO experiment_run_results (run_id, experiment_configuration, result, created_at)
             VALUES ($1, $2::jsonb, $3::jsonb, now() - make_interval(days => $4) + make_interval(secs => $5))`,
            [created.id, JSON.stringify(configuration), JSON.stringify(result), run.ageDays, position * 5],
          );
          results.push(result);
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
        `INSERT INTO golden_sets (name, description, market, created_at, updated_at)
         VALUES ($1, $2, $3, now() - make_interval(days => $4), now() - make_interval(days => $4)) RETURNING id`,
        [
          set.name,
          `Generated demo judgements (not real relevance labels) for ${queriesOfSet.length} WANDS queries (MIT licence); ` +
            `they are the judgements the demo run ${set.run} was scored against.`,
          set.market,
          40 - index,
        ],
      );
      const judgements = queriesOfSet.flatMap((query) =>
        demoResult(query, 1, set.seed, '').results.golden_set.map((j) => [query.query, j.product_id, j.relevance] as const),
      );
      await tx.query(
        `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade)
         SELECT $1, q, k, p, g FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS t (q, k, p, g)`,
        [goldenSet.id, judgements.map((j) => j[0]), judgements.map((j) => queryKey(j[0])), judgements.map((j) => j[1]), judgements.map((j) => j[2])],
      );
    }
    await seedDemoCatalogue(tx, [...members.values()].flatMap((queries) => queries.slice(0, MAX_RESULTS_PER_RUN)));
    return seedRunnableExperiment(tx, members.get(ALL_QUERIES)!.slice(0, MAX_RESULTS_PER_RUN), entryIds, scripts.get('Golden set relevance')!.id);
  });
  if (experimentId === false) return false;
  await cleanSearchIndex(db);
  // A real run, searched and scored by the engine like any other, so a new user sees real numbers.
  const run = await createRun(db, seedingQueue, experimentId, ['demo']);
  await runToCompletion(db, Number(run.id));
  return true;
}

/** The demo's run is worked right here, before any worker starts. */
const seedingQueue: RunQueue = { enqueue: async () => {}, committed: () => {}, startWorker: async () => {}, close: async () => {} };

export const RUNNABLE_DEMO_EXPERIMENT = 'Built-in search · WANDS US golden set';

/**
 * An experiment this server runs itself: the built-in search over the generated catalogue, scored
 * against a generated US golden set, over a dataset of the queries that golden set judges.
 */
async function seedRunnableExperiment(tx: Queryable, queries: WandsQuery[], entryIds: Map<WandsQuery, number>, scriptId: number): Promise<number> {
  const dataset = await insertOne<{ id: number }>(
    tx,
    'INSERT INTO datasets (name, description) VALUES ($1, $2) RETURNING id',
    [`WANDS sample (${queries.length} queries)`, `The first ${queries.length} WANDS queries (MIT licence), judged in the generated US golden set`],
  );
  await tx.query(
    'INSERT INTO dataset_entry_mappings (dataset_id, dataset_entry_id) SELECT $1, unnest($2::bigint[])',
    [dataset.id, queries.map((q) => entryIds.get(q))],
  );
  const goldenSet = await insertOne<{ id: number }>(
    tx,
    'INSERT INTO golden_sets (name, description, market) VALUES ($1, $2, $3) RETURNING id',
    [
      'Golden set — United States (generated)',
      `Generated demo judgements (not real relevance labels) of products in the generated demo catalogue for ${queries.length} WANDS queries (MIT licence).`,
      'US',
    ],
  );
  const judgements = queries.flatMap((query) =>
    demoResult(query, 1, 600, '').results.golden_set.map((j) => [query.query, j.product_id, j.relevance] as const),
  );
  await tx.query(
    `INSERT INTO golden_set_judgements (golden_set_id, query, query_key, product_id, grade)
     SELECT $1, q, k, p, g FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS t (q, k, p, g)`,
    [goldenSet.id, judgements.map((j) => j[0]), judgements.map((j) => queryKey(j[0])), judgements.map((j) => j[1]), judgements.map((j) => j[2])],
  );
  const config = { search_target: { kind: 'builtin' }, golden_set_id: goldenSet.id, k: DEMO_K, gain: 'linear', pass_threshold: DEMO_PASS_THRESHOLD, relevant_from: 1 };
  const experiment = await insertOne<{ id: number }>(
    tx,
    `INSERT INTO experiments (name, evaluation_script_id, dataset_id, description, config) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
    [
      RUNNABLE_DEMO_EXPERIMENT,
      scriptId,
      dataset.id,
      'Full-text search over the generated demo catalogue, scored against the generated US golden set. Press Run experiment to run it again.',
      JSON.stringify(config),
    ],
  );
  return experiment.id;
}

/**
 * A generated catalogue holding the products the demo runs and golden sets name (W<query id>-NN, as
 * demo-results.ts makes them), so the built-in search over it answers the demo queries.
 */
async function seedDemoCatalogue(tx: Queryable, queries: readonly WandsQuery[]): Promise<void> {
  const products = new Map<string, { name: string; description: string; image_url: string; attributes: string }>();
  for (const query of queries) {
    for (const n of DEMO_PRODUCT_NUMBERS) {
      const { product_id: id, name, image_url } = demoProduct(query, n);
      const style = DEMO_PRODUCT_STYLES[n % DEMO_PRODUCT_STYLES.length];
      products.set(id, {
        name,
        description: `Generated demo product, not a real one: a ${style.toLowerCase()} take on "${query.query}" (WANDS class ${query.queryClass}).`,
        image_url,
        attributes: JSON.stringify({ generated: true, style, wands_query_id: query.id, wands_class: query.queryClass }),
      });
    }
  }
  const ids = [...products.keys()];
  const rows = [...products.values()];
  await tx.query(
    `INSERT INTO products (product_id, name, description, image_url, attributes)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[])`,
    [ids, rows.map((p) => p.name), rows.map((p) => p.description), rows.map((p) => p.image_url), rows.map((p) => p.attributes)],
  );
}
