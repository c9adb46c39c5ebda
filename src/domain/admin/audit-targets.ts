import type { AuditEntry } from '../../../server/schemas/audit';
import { productPath } from '../catalogue/catalogue';
import { parseRouteId } from '../shell/route-id';

// The /audit page: a row's target in words, and the page it still has. A target that the change removed (a
// delete) has none; neither have bulk uploads (no id) nor ids a route would not take.

export type { AuditEntry } from '../../../server/schemas/audit';

const kindNames: Record<string, string> = {
  dataset: 'Dataset',
  entry: 'Entry',
  entries: 'Entries',
  golden_set: 'Golden set',
  catalogue: 'Catalogue',
  product: 'Product',
  experiment: 'Experiment',
  run: 'Run',
  evaluation_script: 'Evaluation script',
  account: 'Account',
  api_key: 'API key',
};

/** 'golden_set' → 'Golden set'; a kind the console does not know is shown with spaces. */
export function kindName(targetType: string): string {
  const known = kindNames[targetType];
  if (known) return known;
  const words = targetType.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'Golden set 4', 'Account alice', 'Entries'. */
export const targetLabel = ({ target_type, target_id }: Pick<AuditEntry, 'target_type' | 'target_id'>): string =>
  target_id === null ? kindName(target_type) : `${kindName(target_type)} ${target_id}`;

const byNumber: Partial<Record<string, (id: number) => string>> = {
  dataset: (id) => `/datasets/${id}/edit`,
  entry: (id) => `/dataset-entries/${id}/edit`,
  golden_set: (id) => `/golden-sets/${id}`,
  experiment: (id) => `/experiment-runs/${id}`,
  run: (id) => `/experiment-run-results/${id}`,
  evaluation_script: (id) => `/evaluation-scripts/${id}`,
};

const isRemoval = (action: string) => /\.(delete|remove)$/.test(action);

/** The console page of the row's target, or null when it has none (or the change removed it). */
export function targetPath({ action, target_type, target_id }: Pick<AuditEntry, 'action' | 'target_type' | 'target_id'>): string | null {
  if (target_id === null || isRemoval(action)) return null;
  if (target_type === 'product') return productPath(target_id);
  if (target_type === 'account') return `/accounts?${new URLSearchParams({ search: target_id, page: '1' })}`;
  const path = byNumber[target_type];
  const id = parseRouteId(target_id);
  return path && id !== null ? path(id) : null;
}
