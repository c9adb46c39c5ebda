// Editing an entry: on save the entry's dataset links are compared with the ones it had.
// Links added are created and links removed are deleted; links kept are not touched.

export type LinkDiff = { added: number[]; removed: number[] };

export type Mapping = { dataset_id: number; dataset_entry_id: number };

/** Which dataset ids were added and which removed going from `before` to `after` (each in `after`/`before` order, no repeats). */
export function diffLinks(before: readonly number[], after: readonly number[]): LinkDiff {
  const had = new Set(before);
  const has = new Set(after);
  return {
    added: [...has].filter((id) => !had.has(id)),
    removed: [...had].filter((id) => !has.has(id)),
  };
}

/** The mapping pairs of one entry with these datasets. */
export function mappingsOf(entryId: number, datasetIds: readonly number[]): Mapping[] {
  return datasetIds.map((datasetId) => ({ dataset_id: datasetId, dataset_entry_id: entryId }));
}

export type MappingCalls = {
  addMappings(pairs: Mapping[]): Promise<unknown>;
  removeMappings(pairs: Mapping[]): Promise<unknown>;
};

/**
 * Applies the diff with at most one call each way (POST then DELETE dataset-entry-mappings/). Both calls
 * are idempotent on the server (linked pairs and unlinked pairs are skipped), so a retry after a partial
 * failure, diffed against the same `before`, ends in the same links.
 */
export async function applyLinkDiff(
  calls: MappingCalls,
  entryId: number,
  before: readonly number[],
  after: readonly number[],
): Promise<LinkDiff> {
  const diff = diffLinks(before, after);
  if (diff.added.length > 0) await calls.addMappings(mappingsOf(entryId, diff.added));
  if (diff.removed.length > 0) await calls.removeMappings(mappingsOf(entryId, diff.removed));
  return diff;
}
