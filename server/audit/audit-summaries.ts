/**
 * The short texts of audit rows, worded alike by every change: a name quoted, the fields an edit changed,
 * a bulk write's counts. The action names are listed on AuditEvent (audit-trail.ts).
 */
import type { Actor } from '../auth/actor';

/** Who a store function records as having made a change: passed in by the route, never looked up. */
export type AuditActor = Pick<Actor, 'sub' | 'name'>;

/** Quoted texts stop here: the trail names what changed, it does not keep it. */
const LONGEST_QUOTE = 80;

/** “UK queries”: a name or an entry's input on one line, cut at 80 characters. */
export function quoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > LONGEST_QUOTE ? `${line.slice(0, LONGEST_QUOTE - 1)}…` : line}”`;
}

/** 1 → "1 entry", 2002 → "2,002 entries". */
export function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** Parts of a summary: "2 entries · 1 dataset · 3 links created". */
export const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' · ');

/** Compared as stored: both sides come from the database, so a jsonb's keys are in the same order. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An edit that left every value as it was (it is still recorded: it was asked for and saved). */
export const NOTHING_CHANGED = 'nothing changed';

/** "name, description": the fields whose values differ between the row before and after an edit. */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): string {
  const changed = fields.filter((field) => !same(before[field], after[field]));
  return changed.length > 0 ? changed.join(', ') : NOTHING_CHANGED;
}

/** "cost_per_evaluation 0.01 → 0.02" when the value changed, else "". */
export function valueChange(field: string, before: unknown, after: unknown): string {
  return same(before, after) ? '' : `${field} ${String(before)} → ${String(after)}`;
}
