/**
 * A segment: the results whose dataset entry has one metadata value (`query_class:Sofas`). A result's
 * segment is its entry's metadata as it is now, not as it was when the run ran, so that two runs of one
 * dataset compared by segment put each query in the same segment, and a relabelled entry moves in every run.
 */

export interface Segment {
  key: string;
  value: string;
}

/** `key:value` split at the first colon (the schema has checked there is one, after a non-empty key). */
export function parseSegment(text: string): Segment {
  const colon = text.indexOf(':');
  return { key: text.slice(0, colon), value: text.slice(colon + 1) };
}

/**
 * SQL true for the results of `alias` (a row of experiment_run_results) in the segment, its key and value
 * passed through `param`. A metadata value is compared as its text: 3 and "3" are one segment.
 */
export function segmentCondition(alias: string, { key, value }: Segment, param: (value: unknown) => string): string {
  return `EXISTS (SELECT 1 FROM dataset_entries e WHERE e.id = ${alias}.entry_id AND e.input_metadata->>${param(key)} = ${param(value)})`;
}
