import type { DemoCounts, DemoRemoval } from '../../../server/schemas/demo-data';
import { counted } from '../shared/format-count';

export type { DemoDataState, DemoRemoval } from '../../../server/schemas/demo-data';

// What the console says about the demo data: its counts in words, what a removal removed and kept, and the
// line the import dialogs show while generated demo products share the catalogue with a person's own.

const KINDS: ReadonlyArray<readonly [keyof DemoCounts, string, string]> = [
  ['datasets', 'dataset', 'datasets'],
  ['entries', 'entry', 'entries'],
  ['evaluation_scripts', 'evaluation script', 'evaluation scripts'],
  ['experiments', 'experiment', 'experiments'],
  ['runs', 'run', 'runs'],
  ['golden_sets', 'golden set', 'golden sets'],
  ['judgements', 'judgement', 'judgements'],
  ['products', 'product', 'products'],
];

/** "7 datasets · 480 entries · …": the kinds with any rows, or "nothing" when none has. */
export function demoCountsText(counts: Partial<Record<keyof DemoCounts, number>>): string {
  const parts = KINDS.filter(([kind]) => (counts[kind] ?? 0) > 0).map(([kind, one, many]) => counted(counts[kind] ?? 0, one, many));
  return parts.length > 0 ? parts.join(' · ') : 'nothing';
}

/** What a removal did, in two sentences: removed, and (when any) kept because people's rows hold them. */
export function demoRemovalText({ removed, kept }: DemoRemoval): string {
  const removedText = `Removed ${demoCountsText(removed)}.`;
  if (kept.datasets === 0 && kept.entries === 0) return removedText;
  return `${removedText} Kept ${demoCountsText(kept)} that your own rows hold, as ordinary rows.`;
}

/** The import dialogs' line while the catalogue holds demo products; null when it holds none. */
export function demoProductsNote(products: number): string | null {
  if (products <= 0) return null;
  return `The catalogue also holds ${counted(products, 'generated demo product', 'generated demo products')}: an admin can remove them.`;
}
