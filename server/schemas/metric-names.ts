/**
 * How a run's metrics are named: a measure at the run's cut-off k (`ndcg@10`, `f1@10`, `average_precision@10`),
 * exponential gain marked `_exp` (`ndcg@10_exp`). One list for what runs write, what comparisons compare,
 * what results sort by and what the console labels, so that none of them refuses a name another offers.
 */
import { Type } from 'typebox';

/**
 * The quality measures a run scores, in the order they are shown; each is measured on the run's top k results
 * (reciprocal rank and average precision included: a run asks its target for k results).
 */
export const QUALITY_MEASURES = ['ndcg', 'precision', 'recall', 'f1', 'reciprocal_rank', 'average_precision'] as const;
export type QualityMeasure = (typeof QUALITY_MEASURES)[number];

/** The cut-off and gain part of a name; runs made elsewhere may leave it out. */
const AT_K = '(@[0-9]+(_exp)?)?';

const QUALITY_METRIC = new RegExp(`^(${QUALITY_MEASURES.join('|')})${AT_K}$`);

/** Whether `name` is one of the quality measures at some k (what a comparison compares). */
export const isQualityMetric = (name: string): boolean => QUALITY_METRIC.test(name);

/** A quality measure's name, as the comparison's `metric` takes it. */
export const QualityMetricNameSchema = (description: string) => Type.String({ pattern: QUALITY_METRIC.source, maxLength: 64, description });

/**
 * Any metric a run's results carry: a quality measure, one of the counts kept beside them (dcg, idcg,
 * unjudged) or a measure a run made elsewhere named in the same form (letters, digits and _).
 */
export const METRIC_NAME = `[a-z][a-z0-9_]*${AT_K}`;
