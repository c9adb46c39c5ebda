import type { Judgement } from '../judging/golden-set-judging-types';

// The judgements of one query as the page shows them while changes are saved: what the server
// last answered for each product, plus the changes not yet answered, in the order they were made. What a row
// shows is derived: the latest change of its product over the server's value. So a change shows at once;
// when the server takes it, its answer becomes the row's value; when it refuses it, dropping the change is
// enough to bring back the server's value — and changes to other products, before or after, are untouched.
// Rows keep their places while grading (a row that jumps away under the keyboard loses the judge).

export type JudgementEdit =
  | { kind: 'grade'; product_id: string; grade: number; name?: string | null; image_url?: string | null }
  | { kind: 'remove'; product_id: string };

export type JudgementEdits = {
  /** The products in the order they are shown: the server's, then the ones added here. */
  order: string[];
  /** The server's judgement of each product, as last answered. */
  saved: Record<string, Judgement>;
  /** Changes not yet answered; the first is the one being saved. */
  queue: JudgementEdit[];
};

/** A row: the shown judgement (not yet judged_at when only added here) and whether a change is being saved. */
export type JudgementRow = Omit<Judgement, 'judged_at'> & { judged_at: string | null; saving: boolean };

export const noEdits = (): JudgementEdits => ({ order: [], saved: {}, queue: [] });

/** The server's judgements of the query, nothing pending. */
export const fromServer = (judgements: Judgement[]): JudgementEdits => ({
  order: judgements.map((judgement) => judgement.product_id),
  saved: Object.fromEntries(judgements.map((judgement) => [judgement.product_id, judgement])),
  queue: [],
});

/**
 * A change made: shown at once. A change of the same product that is waiting (not the one being saved) is
 * replaced, so a burst of keys on one row sends only its last grade.
 */
export function withEdit(edits: JudgementEdits, edit: JudgementEdit): JudgementEdits {
  const [inFlight, ...waiting] = edits.queue;
  const queue = inFlight ? [inFlight, ...waiting.filter((other) => other.product_id !== edit.product_id), edit] : [edit];
  const order = edits.order.includes(edit.product_id) ? edits.order : [...edits.order, edit.product_id];
  return { ...edits, order, queue };
}

/** The change being saved, or undefined. */
export const editInFlight = (edits: JudgementEdits): JudgementEdit | undefined => edits.queue[0];

/** The server took the change being saved: its answer (null after a removal) is the product's value now. */
export function withSaved(edits: JudgementEdits, answer: Judgement | null): JudgementEdits {
  const [done, ...rest] = edits.queue;
  if (!done) return edits;
  const { [done.product_id]: _before, ...others } = edits.saved;
  return { ...edits, saved: answer ? { ...others, [done.product_id]: answer } : others, queue: rest };
}

/** The server refused the change being saved: the product shows the server's value again (or its later change). */
export function withoutFailed(edits: JudgementEdits): JudgementEdits {
  return { ...edits, queue: edits.queue.slice(1) };
}

/** What the row of a product shows, or null when it has no judgement (removed, or an add that failed). */
export function rowOf(edits: JudgementEdits, productId: string): JudgementRow | null {
  const saved = edits.saved[productId];
  const mine = edits.queue.filter((edit) => edit.product_id === productId);
  const latest = mine.at(-1);
  if (!latest) return saved ? { ...saved, saving: false } : null;
  if (latest.kind === 'remove') return null;
  const added = [...mine].reverse().find((edit) => edit.kind === 'grade' && (edit.name != null || edit.image_url != null));
  const known = added?.kind === 'grade' ? { name: added.name ?? null, image_url: added.image_url ?? null } : {};
  const base = saved ?? { product_id: productId, judged_by: null, judged_at: null, name: null, image_url: null };
  return { ...base, ...(saved ? {} : known), grade: latest.grade, saving: true };
}

/** The rows shown, in their order. */
export const shownRows = (edits: JudgementEdits): JudgementRow[] =>
  edits.order.map((productId) => rowOf(edits, productId)).filter((row): row is JudgementRow => row !== null);

/** The product Up/Down (j/k) moves to from `from` among the shown rows; the first row when none is focused. */
export function neighbour(rows: Array<{ product_id: string }>, from: string | null, step: 1 | -1): string | null {
  if (rows.length === 0) return null;
  const at = rows.findIndex((row) => row.product_id === from);
  if (at === -1) return rows[0].product_id;
  return rows[Math.min(rows.length - 1, Math.max(0, at + step))].product_id;
}

/** Where the focus goes when the focused row is removed: the next row, else the previous, else nowhere. */
export function focusAfterRemoving(rows: Array<{ product_id: string }>, removed: string): string | null {
  const at = rows.findIndex((row) => row.product_id === removed);
  if (at === -1) return null;
  return rows[at + 1]?.product_id ?? rows[at - 1]?.product_id ?? null;
}

/**
 * The message when the server refused a change: what was not saved, the server's reason, and what the row
 * shows now (`restored`: the row after the refusal, null when the product has no judgement).
 */
export function editFailureText(
  edit: JudgementEdit,
  reason: string,
  restored: Pick<JudgementRow, 'grade'> | null,
  gradeText: (grade: number) => string,
): string {
  const what = edit.kind === 'remove' ? `remove ${edit.product_id}` : `grade ${edit.product_id} ${gradeText(edit.grade)}`;
  const now = restored ? `It is ${gradeText(restored.grade)} again.` : 'It has no judgement.';
  return `Could not ${what}: ${/[.!?]$/.test(reason) ? reason : `${reason}.`} ${now}`;
}

/** Whether two rows show the same thing (rows are derived afresh on every change). */
export const sameJudgementRow = (a: JudgementRow, b: JudgementRow) =>
  a.product_id === b.product_id &&
  a.grade === b.grade &&
  a.saving === b.saving &&
  a.name === b.name &&
  a.image_url === b.image_url &&
  a.judged_by === b.judged_by &&
  a.judged_at === b.judged_at &&
  a.ratings === b.ratings;
