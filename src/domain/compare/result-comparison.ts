import type { ProductMatch } from '../shared/status-colours';

// Results versus references on the /test-case screen: which products both share, which the search missed,
// and which it returned beyond the references.

export type ReferenceComparison = {
  /** Returned and referenced, in the order returned. */
  commons: string[];
  /** Referenced but not returned, in reference order. */
  missings: string[];
  /** Returned but not referenced, in the order returned. */
  leftovers: string[];
};

export function compareWithReferences(resultIds: readonly string[], referenceIds: readonly string[]): ReferenceComparison {
  const returned = new Set(resultIds);
  const referenced = new Set(referenceIds);
  return {
    commons: resultIds.filter((id) => referenced.has(id)),
    missings: referenceIds.filter((id) => !returned.has(id)),
    leftovers: resultIds.filter((id) => !referenced.has(id)),
  };
}

/** A returned product is common when referenced, else a leftover. */
export function resultMatch(productId: string, comparison: ReferenceComparison): Extract<ProductMatch, 'common' | 'leftover'> {
  return comparison.commons.includes(productId) ? 'common' : 'leftover';
}

/** A referenced product is common when returned, else missing. */
export function referenceMatch(productId: string, comparison: ReferenceComparison): Extract<ProductMatch, 'common' | 'missing'> {
  return comparison.commons.includes(productId) ? 'common' : 'missing';
}
