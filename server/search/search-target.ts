/**
 * What an experiment run searches: the built-in catalogue search now, an HTTP search service later.
 * A run only needs the ranked products a query returns, in the order the target returned them.
 */
import { MAX_K } from '../schemas/limits';

/** One returned product. `name` and `image_url` are there when the target knows them. */
export interface SearchHit {
  product_id: string;
  name?: string;
  image_url?: string;
  /** What the target left out of the hit and why, for whoever tries a query; never stored with a run. */
  note?: string;
}

export interface SearchTarget {
  /** 'builtin' for the catalogue; other kinds (such as 'http') add their own implementation. */
  readonly kind: string;
  /**
   * The top `k` products for `query`, best first; fewer (or none) when fewer match. Rejects when the
   * target fails (a run records that as an error); never returns more than `k` hits.
   */
  search(query: string, k: number, options?: { signal?: AbortSignal }): Promise<SearchHit[]>;
}

export function assertValidK(k: number): void {
  if (!Number.isInteger(k) || k < 1 || k > MAX_K) throw new RangeError(`k must be an integer from 1 to ${MAX_K}, got ${k}`);
}
