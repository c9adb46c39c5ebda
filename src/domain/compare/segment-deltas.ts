/** A comparison's delta per segment (GET run-comparisons/segments), and how a row reads. Pure. */
import type { SegmentDelta } from '../../../server/schemas/segments';

export type { SegmentDelta, SegmentDeltas } from '../../../server/schemas/segments';

/** In words, for those who do not see colour: the Holm-corrected test decides, the sign says which way. */
export function segmentVerdict({ significant, delta }: Pick<SegmentDelta, 'significant' | 'delta'>): string {
  if (!significant) return 'No significant change';
  return delta < 0 ? 'Significantly worse' : 'Significantly better';
}
