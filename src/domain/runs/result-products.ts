/**
 * A run result's two product lists as its details screen shows them: each returned product with
 * its rank, its grade or 'unjudged' and what it is to the golden set, in words as well as colour; each judged
 * product with its catalogue name when known. Pure.
 */
import type { GoldenSetProduct, RunResultDetails, SearchResultProduct } from '../experiments/evaluation-backend-types';

export type ProductRole = 'common' | 'leftover' | 'missing' | 'irrelevant';

export const ROLE_LABELS: Record<ProductRole, string> = {
  common: 'Common',
  leftover: 'Leftover',
  missing: 'Missing',
  irrelevant: 'Judged not relevant',
};

/** The legend, in the words and colours the lists use. */
export const LEGEND: Array<{ role: ProductRole; text: string }> = [
  { role: 'common', text: 'Common: returned and judged relevant' },
  { role: 'leftover', text: 'Leftover: returned, not in the golden set' },
  { role: 'missing', text: 'Missing: judged relevant, not returned' },
  { role: 'irrelevant', text: 'Judged not relevant: in the golden set below the relevance cut (such as 0)' },
];

/** `judgedHere`: not in the golden set the result was scored with, so gradable on the details screen. */
export type ReturnedProduct = { rank: number; product: SearchResultProduct; role: ProductRole; grade: string; unjudged: boolean };
export type JudgedProduct = { product: GoldenSetProduct; name: string | undefined; role: ProductRole };

/**
 * By the server's comparison: common when relevant, else judged not relevant when graded, else a leftover. A
 * leftover graded on the details screen (`judgedHere`) shows that grade; its role waits for a rescore.
 */
export function returnedProducts(results: RunResultDetails, judgedHere: Record<string, number> = {}): ReturnedProduct[] {
  const commons = new Set(results.commons ?? []);
  const grades = new Map((results.golden_set ?? []).map((judged) => [judged.product_id, judged.relevance]));
  return (results.search_results ?? []).map((product, index) => {
    const grade = grades.get(product.product_id);
    const role: ProductRole = commons.has(product.product_id) ? 'common' : grade !== undefined ? 'irrelevant' : 'leftover';
    const shown = grade ?? judgedHere[product.product_id];
    return { rank: index + 1, product, role, grade: shown === undefined ? 'unjudged' : `grade ${shown}`, unjudged: grade === undefined };
  });
}

/** Common when returned and relevant, missing when relevant and not returned, else judged not relevant. */
export function judgedProducts(results: RunResultDetails, names: Record<string, string>): JudgedProduct[] {
  const commons = new Set(results.commons ?? []);
  const missings = new Set(results.missings ?? []);
  const returnedNames = new Map((results.search_results ?? []).map((hit) => [hit.product_id, hit.name]));
  return (results.golden_set ?? []).map((product) => ({
    product,
    name: names[product.product_id] ?? returnedNames.get(product.product_id),
    role: commons.has(product.product_id) ? 'common' : missings.has(product.product_id) ? 'missing' : 'irrelevant',
  }));
}
