/** Keys of the transaction-level advisory locks, in one place so that no two flows share one by accident. */
export const ADVISORY_LOCKS = {
  migrations: 74_201_126,
  providerSecrets: 74_201_127,
  bulkUploadDatasetCreation: 74_201_128,
} as const;
