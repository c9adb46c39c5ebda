/**
 * The audit trail: who changed what, when. A change records itself with recordAudit on the
 * transaction that makes it, so the row exists exactly when the change does. Read newest first (in the order
 * the rows were written), a page at a time from the index of whichever filter is given; counted up to
 * COUNT_CAP like the other long lists.
 */
import type { Actor } from '../auth/actor';
import { COUNT_CAP } from '../db/capped-matches';
import type { Queryable } from '../db/database';
import { csvCell } from '../import/spreadsheet-cells';

export type AuditEvent = {
  /** "<kind>.<verb>": dataset.create, entries.upload, judgement.set, run.cancel, account.role, ... */
  action: string;
  target_type: string;
  target_id: string | number | null;
  /** Short: for a bulk upload its counts, for an edit the fields changed. */
  summary: string;
};

export type AuditFilters = {
  actor?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  /** ISO times: from inclusive, to exclusive. */
  from?: string;
  to?: string;
};

export type AuditRow = {
  id: number;
  at: string;
  actor: { sub: string; name: string };
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
};

/** Writes one audit row on `tx`, the transaction of the change it records. */
export async function recordAudit(tx: Queryable, actor: Pick<Actor, 'sub' | 'name'>, event: AuditEvent): Promise<void> {
  await tx.query(
    'INSERT INTO audit_events (actor_sub, actor_name, action, target_type, target_id, summary) VALUES ($1, $2, $3, $4, $5, $6)',
    [actor.sub, actor.name, event.action, event.target_type, event.target_id === null ? null : String(event.target_id), event.summary],
  );
}

/** The WHERE clause and its parameters for the filters given, from $1. */
function where(filters: AuditFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const terms: string[] = [];
  const add = (term: string, value: unknown) => {
    params.push(value);
    terms.push(term.replace('?', `$${params.length}`));
  };
  if (filters.actor) add('actor_sub = ?', filters.actor);
  if (filters.action) add('action = ?', filters.action);
  if (filters.target_type) add('target_type = ?', filters.target_type);
  if (filters.target_id) add('target_id = ?', filters.target_id);
  if (filters.from) add('at >= ?::timestamptz', filters.from);
  if (filters.to) add('at < ?::timestamptz', filters.to);
  return { sql: terms.length ? `WHERE ${terms.join(' AND ')}` : '', params };
}

type StoredRow = Omit<AuditRow, 'actor'> & { actor_sub: string; actor_name: string };

const COLUMNS = 'id, at, actor_sub, actor_name, action, target_type, target_id, summary';

const shaped = ({ actor_sub, actor_name, ...row }: StoredRow): AuditRow => ({
  ...row,
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  actor: { sub: actor_sub, name: actor_name },
});

/** A page of the trail, newest first, and how many rows match (up to COUNT_CAP, then `capped`). */
export async function auditPage(
  db: Queryable,
  filters: AuditFilters,
  [limit, offset]: number[],
): Promise<{ count: number; capped: boolean; results: AuditRow[] }> {
  const { sql, params } = where(filters);
  const n = params.length;
  const [page, counted] = await Promise.all([
    db.query<StoredRow>(`SELECT ${COLUMNS} FROM audit_events ${sql} ORDER BY id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      limit,
      offset,
    ]),
    db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM audit_events ${sql} LIMIT ${COUNT_CAP + 1}) AS m`,
      params,
    ),
  ]);
  const count = Number(counted.rows[0].count);
  return { count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP, results: page.rows.map(shaped) };
}

const PAGE_ROWS = 5000;

/** Every matching row as CSV (BOM, CRLF, formula-safe), newest first, read a page at a time (keyset on id). */
export async function* auditCsv(db: Queryable, filters: AuditFilters): AsyncGenerator<string> {
  yield '\uFEFFat,actor_sub,actor_name,action,target_type,target_id,summary\r\n';
  const { sql, params } = where(filters);
  const n = params.length;
  const below = `${sql ? `${sql} AND` : 'WHERE'} id < $${n + 2}`;
  for (let after = Number.MAX_SAFE_INTEGER; ;) {
    const { rows } = await db.query<StoredRow>(`SELECT ${COLUMNS} FROM audit_events ${below} ORDER BY id DESC LIMIT $${n + 1}`, [
      ...params,
      PAGE_ROWS,
      after,
    ]);
    yield rows
      .map(shaped)
      .map((r) => `${[r.at, r.actor.sub, r.actor.name, r.action, r.target_type, r.target_id ?? '', r.summary].map(csvCell).join(',')}\r\n`)
      .join('');
    if (rows.length < PAGE_ROWS) return;
    after = Number(rows[rows.length - 1].id);
  }
}
