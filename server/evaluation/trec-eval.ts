/**
 * trec_eval's measures for one cut-off k, per query and averaged, printed as trec_eval prints them
 * (meas_print_single.c / meas_print_final.c: "%-22s\t%s\t%6.4f", counts as integers).
 * Per query: num_ret, num_rel, num_rel_ret, map, recip_rank, P_k, recall_k, ndcg_cut_k, then F1_k, which
 * trec_eval lacks (the harmonic mean of P_k and recall_k, as a run shows it; last, so the lines before it
 * compare with trec_eval's as they are). Summary (`all`): runid, num_q, then the same measures; counts
 * are summed, the others averaged over num_q.
 */
import { gainOf, harmonicMean, type Gain } from './metrics';

export interface TrecEvalOptions {
  k: number;
  gain: Gain;
  relevantFrom: number;
}

export interface TrecQueryMeasures {
  numRet: number;
  numRel: number;
  numRelRet: number;
  map: number;
  recipRank: number;
  precision: number;
  recall: number;
  ndcg: number;
  f1: number;
}

/** All measures of one query in one pass; `ranking` is already in trec_eval's order. */
export function trecQueryMeasures(
  ranking: readonly string[],
  judgements: ReadonlyMap<string, number>,
  { k, gain, relevantFrom }: TrecEvalOptions,
): TrecQueryMeasures {
  let numRel = 0;
  const positive: number[] = [];
  for (const grade of judgements.values()) {
    if (grade >= 0 && grade >= relevantFrom) numRel++;
    if (grade > 0) positive.push(grade);
  }
  let numRelRet = 0;
  let relInTopK = 0;
  let precisionSum = 0;
  let recipRank = 0;
  let dcg = 0;
  for (let i = 0; i < ranking.length; i++) {
    const grade = judgements.get(ranking[i]);
    if (grade === undefined) continue;
    if (i < k && grade > 0) dcg += gainOf(grade, gain) / Math.log2(i + 2);
    if (grade >= 0 && grade >= relevantFrom) {
      numRelRet++;
      precisionSum += numRelRet / (i + 1);
      if (recipRank === 0) recipRank = 1 / (i + 1);
      if (i < k) relInTopK++;
    }
  }
  positive.sort((a, b) => b - a);
  let idealDcg = 0;
  for (let i = 0; i < Math.min(k, positive.length); i++) idealDcg += gainOf(positive[i], gain) / Math.log2(i + 2);
  const precision = relInTopK / k;
  const recall = numRel === 0 ? 0 : relInTopK / numRel;
  return {
    numRet: ranking.length,
    numRel,
    numRelRet,
    map: numRel === 0 ? 0 : precisionSum / numRel,
    recipRank,
    precision,
    recall,
    ndcg: idealDcg > 0 ? dcg / idealDcg : 0,
    f1: harmonicMean(precision, recall),
  };
}

/** What trec_eval's -c adds for a judged query the run has no line for. */
export const EMPTY_RANKING: readonly string[] = [];

/** printf("%6.4f"): like toFixed(4), except that exact ties round half to even as glibc does. */
export function formatValue(value: number): string {
  const fixed = value.toFixed(4);
  if (!(value > 0)) return fixed;
  const exact = value.toFixed(25);
  const point = exact.indexOf('.');
  if (!/^50*$/.test(exact.slice(point + 5))) return fixed;
  const truncated = exact.slice(0, point + 5);
  const lastDigit = Number(truncated[truncated.length - 1]);
  return lastDigit % 2 === 0 ? truncated : fixed;
}

const measureNames = (k: number, gain: Gain) => ({
  precision: `P_${k}`,
  recall: `recall_${k}`,
  ndcg: gain === 'exponential' ? `ndcg_cut_exp_${k}` : `ndcg_cut_${k}`,
  f1: `F1_${k}`,
});

const line = (name: string, qid: string, value: string) => `${name.padEnd(22)}\t${qid}\t${value}\n`;

export function formatQueryLines(qid: string, m: TrecQueryMeasures, { k, gain }: TrecEvalOptions): string {
  const names = measureNames(k, gain);
  return (
    line('num_ret', qid, String(m.numRet)) +
    line('num_rel', qid, String(m.numRel)) +
    line('num_rel_ret', qid, String(m.numRelRet)) +
    line('map', qid, formatValue(m.map)) +
    line('recip_rank', qid, formatValue(m.recipRank)) +
    line(names.precision, qid, formatValue(m.precision)) +
    line(names.recall, qid, formatValue(m.recall)) +
    line(names.ndcg, qid, formatValue(m.ndcg)) +
    line(names.f1, qid, formatValue(m.f1))
  );
}

export class TrecSummary {
  numQ = 0;
  numRet = 0;
  numRel = 0;
  numRelRet = 0;
  map = 0;
  recipRank = 0;
  precision = 0;
  recall = 0;
  ndcg = 0;
  f1 = 0;

  add(m: TrecQueryMeasures): void {
    this.numQ++;
    this.numRet += m.numRet;
    this.numRel += m.numRel;
    this.numRelRet += m.numRelRet;
    this.map += m.map;
    this.recipRank += m.recipRank;
    this.precision += m.precision;
    this.recall += m.recall;
    this.ndcg += m.ndcg;
    this.f1 += m.f1;
  }

  format(runId: string, { k, gain }: TrecEvalOptions): string {
    const names = measureNames(k, gain);
    const mean = (sum: number) => formatValue(this.numQ === 0 ? 0 : sum / this.numQ);
    return (
      line('runid', 'all', runId) +
      line('num_q', 'all', String(this.numQ)) +
      line('num_ret', 'all', String(this.numRet)) +
      line('num_rel', 'all', String(this.numRel)) +
      line('num_rel_ret', 'all', String(this.numRelRet)) +
      line('map', 'all', mean(this.map)) +
      line('recip_rank', 'all', mean(this.recipRank)) +
      line(names.precision, 'all', mean(this.precision)) +
      line(names.recall, 'all', mean(this.recall)) +
      line(names.ndcg, 'all', mean(this.ndcg)) +
      line(names.f1, 'all', mean(this.f1))
    );
  }
}
