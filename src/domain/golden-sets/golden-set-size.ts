// The /golden-sets page: how big a golden set is, in words, with en-US digit grouping ('1,679').
import { counted } from '../shared/format-count';

/** '137 queries · 1,679 judgements'. */
export function goldenSetSizeText(set: { query_count: number; judgement_count: number }): string {
  return `${counted(set.query_count, 'query', 'queries')} · ${counted(set.judgement_count, 'judgement', 'judgements')}`;
}
