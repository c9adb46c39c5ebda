/**
 * Where rows re-keyed under the normalised query key meet rows already under it, as pure functions: which
 * rows move to their new key, which judgements merge (server/storage/normalised-query-keys.ts reads and writes).
 */

export interface StoredJudgement {
  id: number;
  golden_set_id: number;
  query: string;
  query_key: string;
  product_id: string;
  grade: number;
  /** ISO 8601 in UTC, so it compares as text. */
  judged_at: string;
}

/** A row whose stored key is not its text's key now. */
export type Stale<R> = R & { key: string };

export interface JudgementMerge {
  key: string;
  kept: StoredJudgement;
  dropped: StoredJudgement;
}

const newer = (a: StoredJudgement, b: StoredJudgement) => a.judged_at > b.judged_at || (a.judged_at === b.judged_at && a.id > b.id);

/**
 * Two spellings of one query judged for the same product in one golden set become one judgement: the most
 * recent stays (the later word on it), each other one is dropped as a merge to record. `staying` are the
 * judgements already under the new keys (not stale themselves); the moves are the stale judgements kept.
 */
export function planJudgementKeys(
  stale: ReadonlyArray<Stale<StoredJudgement>>,
  staying: readonly StoredJudgement[],
): { moves: Array<Stale<StoredJudgement>>; merges: JudgementMerge[] } {
  const slots = new Map<string, { key: string; rows: Map<number, StoredJudgement> }>();
  const add = (judgement: StoredJudgement, key: string) => {
    const at = `${judgement.golden_set_id}\u0000${key}\u0000${judgement.product_id}`;
    let slot = slots.get(at);
    if (!slot) slots.set(at, (slot = { key, rows: new Map() }));
    slot.rows.set(judgement.id, judgement);
  };
  for (const judgement of staying) add(judgement, judgement.query_key);
  for (const judgement of stale) add(judgement, judgement.key);
  const moving = new Set<StoredJudgement>(stale);
  const moves: Array<Stale<StoredJudgement>> = [];
  const merges: JudgementMerge[] = [];
  for (const { key, rows } of slots.values()) {
    const all = [...rows.values()];
    const kept = all.reduce((a, b) => (newer(b, a) ? b : a));
    if (moving.has(kept)) moves.push(kept as Stale<StoredJudgement>);
    for (const dropped of all) if (dropped !== kept) merges.push({ key, kept, dropped });
  }
  return { moves, merges: merges.sort((a, b) => a.dropped.id - b.dropped.id) };
}

export interface StoredResult {
  id: number;
  run_id: number;
  query_key: string;
  counted: boolean;
}

/** A run's query key, as one string. */
export const resultSlot = (runId: number, key: string) => `${runId}\u0000${key}`;

/**
 * The stale results that move to their new key. A run counts each key once and took its means over those,
 * so a counted result whose new key a counted result of its run already holds (or an earlier one takes)
 * keeps its old key: the run counted two queries there, and its means stay as they were taken.
 * `countedKeys` holds the resultSlot of each counted result staying under the new keys.
 */
export function planResultKeys(stale: ReadonlyArray<Stale<StoredResult>>, countedKeys: ReadonlySet<string>): Array<Stale<StoredResult>> {
  const taken = new Set(countedKeys);
  return [...stale]
    .sort((a, b) => a.id - b.id)
    .filter((result) => {
      if (!result.counted) return true;
      const at = resultSlot(result.run_id, result.key);
      if (taken.has(at)) return false;
      taken.add(at);
      return true;
    });
}
