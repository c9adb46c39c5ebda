/** A comparison's delta per segment (GET run-comparisons/segments), and how a row reads. Pure. */

export type SegmentDelta = {
  value: string;
  paired: number;
  only_baseline: number;
  only_candidate: number;
  baseline_mean: number;
  candidate_mean: number;
  delta: number;
  ci95: [number, number] | null;
  p_value_t: number | null;
  p_value_randomization: number | null;
  holm_p_value_t: number | null;
  holm_p_value_randomization: number | null;
  significant: boolean;
  few: boolean;
};

export type SegmentDeltas = {
  baseline: number;
  candidate: number;
  metric: string;
  key: string;
  few_queries: number;
  segments: SegmentDelta[];
};

/** In words, for those who do not see colour: the Holm-corrected test decides, the sign says which way. */
export function segmentVerdict({ significant, delta }: Pick<SegmentDelta, 'significant' | 'delta'>): string {
  if (!significant) return 'No significant change';
  return delta < 0 ? 'Significantly worse' : 'Significantly better';
}
