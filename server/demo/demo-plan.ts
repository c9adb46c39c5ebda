/** What the demo data holds: its datasets, scripts, experiments with their runs, and golden sets. */
import { QUALITY_MEASURES } from '../schemas/metric-names';
import { DEMO_K } from './demo-results';

export const ALL_QUERIES = 'WANDS queries (all)';
export const CLASS_DATASETS = ['Accent Chairs', 'Area Rugs', 'Beds', 'Wall Art', 'Coffee & Cocktail Tables'];

export const SCRIPTS = [
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

export const metricsSchema = {
  type: 'object',
  properties: Object.fromEntries(QUALITY_MEASURES.map((measure) => [`${measure}@${DEMO_K}`, { type: 'number', minimum: 0, maximum: 1 }])),
};

// Only finished states: a demo run has no config and no queue job, so an unfinished one would never move.
type RunPlan = { tags: string[]; status: 'success' | 'failed' | 'cancelled'; skill: number; version: string; ageDays: number };

export const EXPERIMENTS: { name: string; script: string; dataset: string; description: string; target: string; runs: RunPlan[] }[] = [
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
      { tags: ['rerank'], status: 'cancelled', skill: 1.5, version: 'v2.0.0-rc2', ageDays: 1 },
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
export const GOLDEN_SETS = [
  { name: 'Golden set — Germany', market: 'DE', dataset: ALL_QUERIES, run: 'BM25 baseline v1.0.0', seed: 0 },
  { name: 'Golden set — France', market: 'FR', dataset: 'Area Rugs', run: 'Rug synonyms v1.2.0', seed: 200 },
  { name: 'Golden set — Spain', market: 'ES', dataset: 'Wall Art', run: 'Wall art embeddings v3.0.0', seed: 400 },
];

/** Results a run carries: all of its dataset for a finished run, part of it otherwise. */
export const MAX_RESULTS_PER_RUN = 60;
