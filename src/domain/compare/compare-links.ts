/**
 * The addresses of "Compare two runs" and which run of two is the baseline: the older one, so a
 * delta reads as what the newer run changed. Pure.
 */
import { parseRouteId } from '../shell/route-id';

/** A finished run another can be compared with (GET experiment-runs/{id}/comparable-runs). */
export type { ComparableRun } from '../../../server/schemas/comparisons';

/** What decides which of two runs is older (the number names it). */
export type DatedRun = { id: number; created_at: string; number?: number | null };

/** The two runs as [baseline, candidate]: the older first; the same time, the lower id first. */
export function olderFirst<T extends DatedRun>(a: T, b: T): [T, T] {
  const [timeA, timeB] = [Date.parse(a.created_at), Date.parse(b.created_at)];
  const aFirst = timeA !== timeB && Number.isFinite(timeA) && Number.isFinite(timeB) ? timeA < timeB : a.id < b.id;
  return aFirst ? [a, b] : [b, a];
}

const withMetric = (params: Record<string, string>, metric?: string | null) =>
  new URLSearchParams(metric ? { ...params, metric } : params).toString();

/** /compare?baseline=A&candidate=B (and &metric=M when one is chosen). */
export function compareHref(baselineRunId: number, candidateRunId: number, metric?: string | null): string {
  return `/compare?${withMetric({ baseline: String(baselineRunId), candidate: String(candidateRunId) }, metric)}`;
}

/** /compare?baseline=…&candidate=… for two runs, the older as the baseline. */
export function compareRunsHref(a: DatedRun, b: DatedRun): string {
  const [baseline, candidate] = olderFirst(a, b);
  return compareHref(baseline.id, candidate.id);
}

/** /compare/pair?baseline_result=X&candidate_result=Y (and &metric=M): one query's two results side by side. */
export function comparePairHref(baselineResultId: number, candidateResultId: number, metric?: string | null): string {
  return `/compare/pair?${withMetric({ baseline_result: String(baselineResultId), candidate_result: String(candidateResultId) }, metric)}`;
}

export type ComparePairParams = { baselineResultId: number | null; candidateResultId: number | null; metric: string | null };

/** The pair page's parameters from its address; a missing or malformed id is null. */
export function readComparePairSearch(search: string): ComparePairParams {
  const params = new URLSearchParams(search);
  return {
    baselineResultId: parseRouteId(params.get('baseline_result') ?? undefined),
    candidateResultId: parseRouteId(params.get('candidate_result') ?? undefined),
    metric: params.get('metric')?.trim() || null,
  };
}
