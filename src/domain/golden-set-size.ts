// Issue 7 /golden-sets: how big a golden set is, in words, with en-US digit grouping ('1,679').

const counted = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** '137 queries · 1,679 judgements'. */
export function goldenSetSizeText(set: { query_count: number; judgement_count: number }): string {
  return `${counted(set.query_count, 'query', 'queries')} · ${counted(set.judgement_count, 'judgement', 'judgements')}`;
}
