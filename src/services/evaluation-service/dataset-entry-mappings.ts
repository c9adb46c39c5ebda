import type { ApiClient } from '../api-client';
import type { EntryMove } from '../../domain/datasets/dataset-membership';
import { applyLinkDiff, mappingsOf, type Mapping } from '../../domain/compare/link-diff';

// dataset-entry-mappings/ on the evaluation service (server/routes/dataset-entry-mappings.ts): which entries
// a dataset holds, changed in one array call each way, as the dataset editor and the entry forms change them.

export type DatasetEntryMappings = ReturnType<typeof createDatasetEntryMappings>;

export function createDatasetEntryMappings(api: ApiClient) {
  const calls = {
    /** POST dataset-entry-mappings/ with a JSON array; pairs already linked are skipped. */
    addMappings: (pairs: Mapping[]) => api<{ created: number }>('dataset-entry-mappings/', { method: 'POST', body: pairs }),

    /** DELETE dataset-entry-mappings/ with a JSON array body; pairs not linked are skipped. */
    removeMappings: (pairs: Mapping[]) => api<{ deleted: number }>('dataset-entry-mappings/', { method: 'DELETE', body: pairs }),
  };

  return {
    ...calls,

    /** Adds the entries to the dataset or removes them in one array call (the editor sends chunks, entry-moves.ts). */
    moveEntries: async ({ datasetId, direction, entryIds }: EntryMove): Promise<void> => {
      const pairs = entryIds.map((entryId) => ({ dataset_id: datasetId, dataset_entry_id: entryId }));
      await (direction === 'add' ? calls.addMappings(pairs) : calls.removeMappings(pairs));
    },

    /** The new entry's chosen datasets in one POST dataset-entry-mappings/ call. */
    linkEntryToDatasets: (entryId: number, datasetIds: readonly number[]) => calls.addMappings(mappingsOf(entryId, datasetIds)),

    /** On save, the entry's links added are created, links removed are deleted. */
    saveEntryLinks: (entryId: number, before: readonly number[], after: readonly number[]) => applyLinkDiff(calls, entryId, before, after),
  };
}
