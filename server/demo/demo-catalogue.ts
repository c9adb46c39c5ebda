import type { Queryable } from '../db/database';
import { DEMO_PRODUCT_NUMBERS, DEMO_PRODUCT_STYLES, demoProduct } from './demo-results';
import type { WandsQuery } from './wands-queries';

/**
 * A generated catalogue holding the products the demo runs and golden sets name (W<query id>-NN, as
 * demo-results.ts makes them), so the built-in search over it answers the demo queries.
 */
export async function seedDemoCatalogue(tx: Queryable, queries: readonly WandsQuery[]): Promise<void> {
  const products = new Map<string, { name: string; description: string; image_url: string; attributes: string }>();
  for (const query of queries) {
    for (const n of DEMO_PRODUCT_NUMBERS) {
      const { product_id: id, name, image_url } = demoProduct(query, n);
      const style = DEMO_PRODUCT_STYLES[n % DEMO_PRODUCT_STYLES.length];
      products.set(id, {
        name,
        description: `Generated demo product, not a real one: a ${style.toLowerCase()} take on "${query.query}" (WANDS class ${query.queryClass}).`,
        image_url,
        attributes: JSON.stringify({ generated: true, style, wands_query_id: query.id, wands_class: query.queryClass }),
      });
    }
  }
  const ids = [...products.keys()];
  const rows = [...products.values()];
  await tx.query(
    `INSERT INTO products (product_id, name, description, image_url, attributes, demo)
     SELECT *, true FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[])`,
    [ids, rows.map((p) => p.name), rows.map((p) => p.description), rows.map((p) => p.image_url), rows.map((p) => p.attributes)],
  );
}
