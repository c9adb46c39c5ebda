/**
 * What a search target returns must fit the database: PostgreSQL text (so jsonb) cannot hold U+0000,
 * and jsonb refuses a lone UTF-16 surrogate. Left in, such a value fails the batch's insert on every
 * try, so it is dealt with before storing. Pure.
 */
import type { SearchHit } from './search-target';

const UNSTORABLE = /\u0000|\p{Cs}/u;
const UNSTORABLE_ALL = /\u0000|\p{Cs}/gu;

/** Names and image URLs are only shown: their unstorable characters become U+FFFD. */
const cleaned = (text: string) => text.replace(UNSTORABLE_ALL, '\uFFFD');

/**
 * The hits as they can be stored, or why they cannot: a product_id is compared with the judgements,
 * and changing it would score a product the target never returned.
 */
export function storableHits(hits: readonly SearchHit[]): { hits: SearchHit[] } | { error: string } {
  const index = hits.findIndex((hit) => UNSTORABLE.test(hit.product_id));
  if (index >= 0) {
    return {
      error: `Search target hit at index ${index} has a product_id holding U+0000 or a lone surrogate, which the database cannot store`,
    };
  }
  return {
    hits: hits.map(({ product_id, name, image_url }) => ({
      product_id,
      ...(name === undefined ? {} : { name: cleaned(name) }),
      ...(image_url === undefined ? {} : { image_url: cleaned(image_url) }),
    })),
  };
}
