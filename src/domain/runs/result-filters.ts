/**
 * The run results screen's filters as the address holds them (`?status=FAIL,ERROR&search=…&sort=ndcg@10&order=desc&segment=query_class:Sofas`),
 * the same parameters GET experiment-runs/{id}/results takes. Pure.
 */
import { orderedMetrics } from '../shared/format-metric';
import { metricLabel } from '../shared/metric-label';

export const RESULT_STATUSES = ['PASS', 'FAIL', 'UNJUDGED', 'ERROR'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The list's filter parameters, in the address and in the call. */
export const RESULT_FILTER = ['status', 'search', 'sort', 'order', 'segment'] as const;

/**
 * The statuses a `status` value names, in their usual order; none is every status. A run's result statuses unless
 * told others (an evaluation's completions).
 */
export function selectedStatuses<Status extends string = ResultStatus>(
  value: string,
  statuses: readonly Status[] = RESULT_STATUSES as unknown as readonly Status[],
): Status[] {
  const named = new Set(value.split(','));
  return statuses.filter((status) => named.has(status));
}

/** The `status` value with one status switched on or off ('' when none is left: every status). */
export function toggledStatus<Status extends string = ResultStatus>(
  value: string,
  status: Status,
  statuses: readonly Status[] = RESULT_STATUSES as unknown as readonly Status[],
): string {
  const selected = new Set(selectedStatuses(value, statuses));
  if (selected.has(status)) selected.delete(status);
  else selected.add(status);
  return statuses.filter((s) => selected.has(s)).join(',');
}

export type SortOption = { value: string; label: string };

/**
 * Scored first (no sort: scored, then unjudged, then errors, each newest first), the input, then each metric of the run
 * in the usual metric order, shown by its label (the address keeps its name); a sort the address holds that the run's
 * means do not name (yet) is offered too, so the choice shows as made.
 */
export function sortOptions(metricNames: readonly string[], current = ''): SortOption[] {
  const names = current && current !== 'input' && !metricNames.includes(current) ? [...metricNames, current] : metricNames;
  const metrics = metricColumns(names).map((name) => ({ value: name, label: metricLabel(name) }));
  return [{ value: '', label: 'Scored first' }, { value: 'input', label: 'Input' }, ...metrics];
}

/** The configuration a run ran with: its own, or for runs made elsewhere the one its results carry. */
export function runConfiguration(runConfig: Record<string, unknown> | null | undefined, firstResultConfig: unknown): unknown {
  return runConfig ?? firstResultConfig;
}

/**
 * A click on a metric's column header, as the one filter change it makes: a column not sorted by yet sorts by it
 * (lowest first, or as the order already chosen); the sorted column turns its order round.
 */
export function metricHeaderSort(name: string, sort: string, order: string): { name: 'sort' | 'order'; value: string } {
  if (sort !== name) return { name: 'sort', value: name };
  return { name: 'order', value: order === 'desc' ? 'asc' : 'desc' };
}

/** The column's aria-sort: how the list is sorted by it, if it is. */
export function ariaSort(name: string, sort: string, order: string): 'ascending' | 'descending' | undefined {
  if (sort !== name) return undefined;
  return order === 'desc' ? 'descending' : 'ascending';
}

/** The run's metric names in the usual metric order: its table's metric columns. */
export function metricColumns(metricNames: readonly string[]): string[] {
  return orderedMetrics(Object.fromEntries(metricNames.map((name) => [name, 0]))).map(([name]) => name);
}
