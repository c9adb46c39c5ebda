/**
 * A run read by segment: the metadata keys its entries have, its means per value of one, and the
 * `segment=key:value` filter the results and comparison addresses carry. Pure.
 */
import { formatMean } from '../shared/format-metric';
import type { SegmentKey } from '../../../server/schemas/segments';

export type { SegmentKey, SegmentMeans, SegmentSummary } from '../../../server/schemas/segments';

/** The address's and the API's `segment` parameter: the key, a colon, the value (which may hold colons). */
export const segmentParam = (key: string, value: string): string => `${key}:${value}`;

/** The key and value of a `segment` parameter; null when it is not one (no key before a colon). */
export function parseSegmentParam(text: string | undefined): { key: string; value: string } | null {
  const colon = text?.indexOf(':') ?? -1;
  if (text === undefined || colon < 1) return null;
  return { key: text.slice(0, colon), value: text.slice(colon + 1) };
}

/** The run's results filtered to one segment. */
export const segmentResultsHref = (runId: number, key: string, value: string): string =>
  `/experiment-run-results/${runId}?${new URLSearchParams({ segment: segmentParam(key, value) })}`;

/** 'query_class (4 values)'; a key with too many values to group says so (it is not offered). */
export function keyOptionLabel({ key, values, groupable }: SegmentKey): string {
  const count = `${values.toLocaleString('en')} ${values === 1 ? 'value' : 'values'}`;
  return groupable ? `${key} (${count})` : `${key} (${count}: too many to group)`;
}

/** '0.2100–0.6100'. */
export const formatMeanInterval = ([low, high]: readonly [number, number]): string => `${formatMean(low)}–${formatMean(high)}`;

/** 'key: value' as the active filter's chip reads. */
export const segmentChipText = ({ key, value }: { key: string; value: string }): string => `${key}: ${value === '' ? '(empty)' : value}`;
