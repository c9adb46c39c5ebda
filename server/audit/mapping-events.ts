/**
 * The audit row of a change to the dataset-entry links. Its target is the dataset, so the trail filtered by
 * a dataset shows who added and removed its entries; a call touching several datasets names them in the
 * summary instead (one row per call, the change being one transaction).
 */
import type { Mapping } from '../schemas/mappings';
import type { AuditEvent } from './audit-trail';
import { counted, joined } from './audit-summaries';

/** Datasets a summary names before it counts the rest. */
const NAMED_DATASETS = 5;

const WORDS = {
  create: { done: 'added', skipped: 'already linked' },
  delete: { done: 'removed', skipped: 'not linked' },
} as const;

/** `entry 42 added`, `3 entries removed (1 not linked)`, `4 links added · datasets 3, 5`. */
export function mappingEvent(verb: 'create' | 'delete', pairs: readonly Mapping[], changed: number): AuditEvent {
  const asked = new Set(pairs.map((pair) => `${pair.dataset_id}:${pair.dataset_entry_id}`)).size;
  const datasets = [...new Set(pairs.map((pair) => pair.dataset_id))].sort((a, b) => a - b);
  const words = WORDS[verb];
  const skipped = asked > changed ? ` (${asked - changed} ${words.skipped})` : '';
  const base = { action: `mapping.${verb}`, target_type: 'dataset' };
  if (datasets.length === 1) {
    const what = asked === 1 && changed === 1 ? `entry ${pairs[0].dataset_entry_id}` : counted(changed, 'entry', 'entries');
    return { ...base, target_id: datasets[0], summary: `${what} ${words.done}${skipped}` };
  }
  const named = datasets.slice(0, NAMED_DATASETS).join(', ');
  const more = datasets.length > NAMED_DATASETS ? ` and ${datasets.length - NAMED_DATASETS} more` : '';
  return {
    ...base,
    target_id: null,
    summary: joined(`${counted(changed, 'link', 'links')} ${words.done}${skipped}`, named && `datasets ${named}${more}`),
  };
}
