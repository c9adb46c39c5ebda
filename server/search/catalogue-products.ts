/** The catalogue's products as the API lists, shows and deletes them; a deletion is audited in its transaction. */
import type { Database, Queryable } from '../db/database';
import { recordAudit } from '../audit/audit-trail';
import { quoted, type AuditActor } from '../audit/audit-summaries';
import { pageKeys } from '../db/page-keys';
import { requireRow } from '../db/require-row';
import { rowCount } from '../db/row-counts';
import { notFound } from '../errors';
import { gradesOfQuery } from '../golden-sets/query-grades';
import type { Product } from '../schemas/catalogue';
import { countMatches, searchProducts } from './builtin-search';

const PRODUCT_COLUMNS = 'product_id, name, description, image_url, attributes, demo, created_at, updated_at';

/**
 * A page of every product in product_id order, or with `search` of the built-in search's matches, best
 * first; with `goldenSetId` too, each carries that set's grade for the search text (null: not judged).
 */
export async function productPage(
  db: Queryable,
  { search, goldenSetId }: { search?: string; goldenSetId?: number },
  [limit, offset]: number[],
): Promise<{ count: number; results: Product[] }> {
  if (goldenSetId !== undefined) await requireRow(db, 'golden_sets', goldenSetId, { field: 'querystring.golden_set_id' });
  if (search !== undefined && search.trim() !== '') {
    const [found, count] = await Promise.all([
      searchProducts<Product>(db, search, { limit, offset, columns: 'description, attributes, demo, created_at, updated_at' }),
      countMatches(db, search),
    ]);
    if (goldenSetId === undefined) return { count, results: found };
    // What the built-in target returns, graded as a run would grade it: by the search text's query key.
    const grades = await gradesOfQuery(db, goldenSetId, search);
    return { count, results: found.map((product) => ({ ...product, grade: grades.get(product.product_id) ?? null })) };
  }
  const count = await rowCount(db, 'products');
  const ids = await pageKeys<string>(db, {
    select: 'SELECT product_id AS key FROM products',
    params: [],
    order: [['product_id COLLATE "C"', 'ASC']],
    limit,
    offset,
    total: count,
  });
  const page = await db.query<Product>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE product_id = ANY($1::text[]) ORDER BY product_id COLLATE "C"`,
    [ids],
  );
  return { count, results: page.rows };
}

/** One product; 404 when there is none. */
export async function loadProduct(db: Queryable, productId: string): Promise<Product> {
  const { rows } = await db.query<Product>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE product_id = $1`, [productId]);
  if (rows.length === 0) throw notFound('Product', productId);
  return rows[0];
}

/** Deletes the product, with its audit row in the same transaction; 404 when there is none. */
export async function deleteProduct(db: Database, actor: AuditActor, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>('DELETE FROM products WHERE product_id = $1 RETURNING name', [productId]);
    if (rows.length === 0) throw notFound('Product', productId);
    await recordAudit(tx, actor, { action: 'product.delete', target_type: 'product', target_id: productId, summary: quoted(rows[0].name) });
  });
}
