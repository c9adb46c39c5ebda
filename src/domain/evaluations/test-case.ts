/**
 * One query's ranking against its references as the /test-case page shows it, in the specification's three
 * colours: a ranked product is common (relevant: green) or a leftover (not a relevant reference: yellow); a
 * relevant reference is common or missing (not ranked: red). By the server's comparison, which knows the
 * relevance cut. Pure.
 */
import type { RunResultWithNames } from '../experiments/workbench-types';
import type { ProductMatch } from '../shared/status-colours';
import { judgedProducts, returnedProducts } from '../runs/result-products';
import { runLabel } from '../runs/run-label';

/** GET experiment-run-results/{id}: the result, its products' catalogue names and its completion. */
export type TestCase = RunResultWithNames;

/** Whose the result is, from its run: an evaluation's, or an experiment's run. */
export type TestCaseOwner = {
  runId: number;
  runNumber: number | null;
  evaluation: { id: number; name: string } | null;
  experiment: { id: number; name: string | null } | null;
};

export type RankedProduct = {
  rank: number;
  productId: string;
  name: string | undefined;
  match: Extract<ProductMatch, 'common' | 'leftover'>;
};
export type ReferenceProduct = {
  productId: string;
  name: string | undefined;
  relevance: number;
  match: Extract<ProductMatch, 'common' | 'missing'>;
};

/** The ranking, each product common when judged relevant, else a leftover (unjudged, or below the relevance cut). */
export function rankedProducts(testCase: TestCase): RankedProduct[] {
  const names = testCase.product_names;
  return returnedProducts(testCase.result.results ?? {}).map(({ rank, product, role }) => ({
    rank,
    productId: product.product_id,
    name: product.name ?? names[product.product_id],
    match: role === 'common' ? 'common' : 'leftover',
  }));
}

/** The golden set's relevant products for the query, best grade first: common when ranked, else missing. */
export function referenceProducts(testCase: TestCase): ReferenceProduct[] {
  return judgedProducts(testCase.result.results ?? {}, testCase.product_names).flatMap(({ product, name, role }) =>
    role === 'common' || role === 'missing' ? [{ productId: product.product_id, name, relevance: product.relevance, match: role }] : [],
  );
}

/** The result's nDCG (at its k, either gain) and its name, or null when it has none (a failed search). */
export function ndcgOf(metrics: Record<string, number> = {}): { name: string; value: number } | null {
  const name = Object.keys(metrics).find((metric) => metric.split('@')[0] === 'ndcg');
  return name === undefined ? null : { name, value: metrics[name] };
}

export type Crumb = { label: string; href: string };

/**
 * The way back: the evaluation (Evaluations › its name), or the experiment's run (Experiments › the run's results);
 * while its run is unknown, the run by its id; nothing for a result that names no run.
 */
export function testCaseCrumbs(testCase: TestCase, owner: TestCaseOwner | null): Crumb[] {
  if (owner?.evaluation) {
    return [
      { label: 'Evaluations', href: '/evaluations' },
      { label: owner.evaluation.name, href: `/evaluations/${owner.evaluation.id}` },
    ];
  }
  const runId = owner?.runId ?? testCase.run_id;
  if (runId === undefined) return [];
  const run = { label: runLabel({ id: runId, number: owner?.runNumber }), href: `/experiment-run-results/${runId}` };
  const experiment = owner?.experiment;
  const experimentCrumb = experiment
    ? [{ label: experiment.name ?? `Experiment ${experiment.id}`, href: `/experiment-runs/${experiment.id}` }]
    : [];
  return [{ label: 'Experiments', href: '/experiments' }, ...experimentCrumb, run];
}
