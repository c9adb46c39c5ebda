/**
 * The built-in search over the product catalogue: PostgreSQL full-text search, the same SQL on PGlite
 * and PostgreSQL. The query is read by `websearch_to_tsquery` (words, "quoted phrases", -exclusion, or),
 * and matches are ranked by `ts_rank_cd` over the weighted name (A) and description (B).
 */
import type { Queryable } from '../db/database';
import { assertValidK, type SearchHit, type SearchTarget } from './search-target';

/** The text-search configuration of products.search_vector (migration 005); both must agree. */
const SEARCH_CONFIG = 'english';

const MATCHES = `FROM products, websearch_to_tsquery('${SEARCH_CONFIG}', $1) AS query WHERE search_vector @@ query`;
/** Best first; ties in the order of product_id's bytes, the same on every server whatever its collation. */
const RANKING = 'ORDER BY score DESC, product_id COLLATE "C"';

export interface RankedRow {
  product_id: string;
  name: string;
  image_url: string | null;
  score: number;
}

/** A page of the ranked matches of `query`, with `columns` (SQL over products) after the ranking's own. */
export async function searchProducts<R extends object = object>(
  db: Queryable,
  query: string,
  { limit, offset = 0, columns = '' }: { limit: number; offset?: number; columns?: string },
): Promise<Array<RankedRow & R>> {
  const extra = columns === '' ? '' : `, ${columns}`;
  const { rows } = await db.query<RankedRow & R>(
    `SELECT product_id, name, image_url, ts_rank_cd(search_vector, query)::float8 AS score${extra}
     ${MATCHES} ${RANKING} LIMIT $2 OFFSET $3`,
    [query, limit, offset],
  );
  return rows;
}

/** How many products match `query`. */
export async function countMatches(db: Queryable, query: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count ${MATCHES}`, [query]);
  return rows[0].count;
}

export class BuiltinSearchTarget implements SearchTarget {
  readonly kind = 'builtin';

  constructor(private readonly db: Queryable) {}

  async search(query: string, k: number, options: { signal?: AbortSignal } = {}): Promise<SearchHit[]> {
    assertValidK(k);
    options.signal?.throwIfAborted();
    const rows = await searchProducts(this.db, query, { limit: k });
    return rows.map(({ product_id, name, image_url }) => (image_url === null ? { product_id, name } : { product_id, name, image_url }));
  }
}
