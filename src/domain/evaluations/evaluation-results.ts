/**
 * An evaluation (a ranking made elsewhere, scored here) as its page shows it: its facts, its queries' completion
 * statuses and the summary text of each query's scores, and the run that follows its scoring. The shapes are the
 * reference server's (types only). Pure.
 */
import type { EvaluationDetails } from '../../../server/schemas/evaluations';
import type { ExperimentRun, ExperimentRunResult } from '../experiments/evaluation-backend-types';
import { formatMetric, orderedMetrics } from '../shared/format-metric';
import { metricLabel } from '../shared/metric-label';
import { sortOptions, type SortOption } from '../runs/result-filters';

export type { EvaluationDetails };

/**
 * How far a query's ranking got towards its relevant products: all of them in the top k, or k results with one
 * among them (COMPLETE); k results and none relevant (PAGE_WITHOUT_RELEVANTS); fewer than k results with relevant
 * products missing (NO_MORE_RESULTS). The server's; null for a result it does not judge.
 */
export const COMPLETIONS = ['COMPLETE', 'PAGE_WITHOUT_RELEVANTS', 'NO_MORE_RESULTS'] as const;
export type Completion = (typeof COMPLETIONS)[number];

export const COMPLETION_LABELS: Record<Completion, string> = {
  COMPLETE: 'Complete',
  PAGE_WITHOUT_RELEVANTS: 'Page without relevants',
  NO_MORE_RESULTS: 'No more results',
};

/** A row of GET evaluations/{id}/results: a run's result, with its completion. */
export type EvaluationResult = ExperimentRunResult;

/** The queries table's filter as the address and the call hold it: completions, query text, sort and order. */
export const EVALUATION_RESULT_FILTER = ['status', 'search', 'sort', 'order'] as const;

/** The files an evaluation's results export to: the qrels and TREC run its means are reproduced from, and CSV. */
export const evaluationExportFormats = ['qrels', 'trec', 'csv'] as const;
export type EvaluationExportFormat = (typeof evaluationExportFormats)[number];

/** The scores a query's summary names, in this order: the headline ones. */
const SUMMARY_METRICS = new Set(['ndcg', 'precision', 'recall', 'f1']);

/** 'nDCG@10 0.734 · P@10 0.400 · R@10 0.500 · F1@10 0.444'; '' for a result without those scores. */
export function resultSummaryText(metrics: Record<string, number> = {}): string {
  return orderedMetrics(metrics)
    .filter(([name]) => SUMMARY_METRICS.has(name.split('@')[0]))
    .map(([name, value]) => `${metricLabel(name)} ${formatMetric(value)}`)
    .join(' · ');
}

/** As the run results' sort, the query named as such: scored first (the server's order), the query, each metric. */
export function evaluationSortOptions(metricNames: readonly string[], current = ''): SortOption[] {
  return sortOptions(metricNames, current).map((option) => (option.value === 'input' ? { ...option, label: 'Query' } : option));
}

export type EvaluationFact = { term: string; value: string };

/** What the evaluation was scored with and on, as its page lists them. */
export function evaluationFacts(evaluation: EvaluationDetails): EvaluationFact[] {
  return [
    { term: 'Golden set', value: evaluation.golden_set_name ?? 'Deleted golden set' },
    { term: 'Queries', value: evaluation.dataset_name ?? (evaluation.dataset_id === null ? "The file's queries" : 'Deleted dataset') },
    { term: 'k', value: String(evaluation.k) },
    { term: 'Gain', value: evaluation.gain },
    { term: 'Relevant from', value: `grade ${evaluation.relevant_from}` },
    { term: 'File', value: `${evaluation.file_name} (${evaluation.format.toUpperCase()})` },
  ];
}

const ACTIVE_STATUSES = new Set(['pending', 'running']);

/** Its scoring is still going: the page follows its run until it ends. */
export const isScoring = (evaluation: Pick<EvaluationDetails, 'status'>): boolean => ACTIVE_STATUSES.has(evaluation.status);

/** The evaluation's run as the runs' watcher follows it: its id, status, progress and error are the evaluation's. */
export function evaluationRun(evaluation: EvaluationDetails): ExperimentRun {
  return {
    id: evaluation.run_id,
    experiment_id: null,
    evaluation_script_name: '',
    tags: [],
    status: evaluation.status,
    total_cost: 0,
    created_at: evaluation.created_at,
    updated_at: evaluation.finished_at ?? evaluation.created_at,
    progress: evaluation.progress,
    error: evaluation.error,
  };
}
