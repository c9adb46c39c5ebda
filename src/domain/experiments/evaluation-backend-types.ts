// The separate evaluation backend's data as the console reads it, and its export formats.
// The shapes are the reference server's (server/schemas/), imported as types only: nothing of the server
// reaches the bundle. Where the console reads more loosely (other deployments of the API), it says so here.
import type { ExperimentRunDetails as ServerRunDetails, RunSummary as ServerRunSummary } from '../../../server/schemas/runs';

export type { ExperimentListItem as Experiment } from '../../../server/schemas/experiments';
export type { EvaluationScript } from '../../../server/schemas/scripts';
export type { ExperimentRun, RunProgress } from '../../../server/schemas/runs';
export type { ExperimentRunResult, GoldenSetProduct, RunResultDetails, SearchResultProduct } from '../../../server/schemas/results';
export type { GoldenSet, GoldenSetChanges } from '../../../server/schemas/golden-sets';

/** The mean of each metric over a run's results so far, with the counts of its outcomes; `unjudged`, `counted` and `repeated` only from this server. */
type ThisServerOnly = 'unjudged' | 'counted' | 'repeated';
export type RunSummary = Omit<ServerRunSummary, ThisServerOnly> & Partial<Pick<ServerRunSummary, ThisServerOnly>>;

/**
 * GET experiment-runs/{runId}: one run with its summary (this server always sends it) and its experiment, or for
 * an evaluation's run (no experiment) the evaluation.
 */
export type ExperimentRunDetails = Omit<ServerRunDetails, 'experiment_id' | 'summary'> & {
  experiment_id: number | null;
  summary: RunSummary;
};

/** The scripts calls answer an object with a results array; the reference server adds the total. */
export type ResultsPage<T> = {
  results: T[];
  count?: number;
};

/** The files a run's results export to: CSV, and the TREC run, qrels and queries its means are reproduced from. */
export const runExportFormats = ['csv', 'trec', 'qrels', 'queries'] as const;
export type RunExportFormat = (typeof runExportFormats)[number];

/** A downloaded file: its bytes and the name the server gave it. */
export type DownloadedFile = { blob: Blob; filename: string };

/**
 * The files a golden set exports to: its judgements as CSV or TREC qrels, the qrels' queries (qid, text), and
 * what it judges that the rest lacks (queries no dataset entry asks, products not in the catalogue).
 */
export const goldenSetExportFormats = ['csv', 'qrels', 'queries', 'queries-without-entry', 'products-not-in-catalogue'] as const;
export type GoldenSetExportFormat = (typeof goldenSetExportFormats)[number];

export type { CatalogueImportCounts, Product } from '../../../server/schemas/catalogue';
