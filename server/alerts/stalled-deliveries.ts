/**
 * Deliveries a stopped server left pending (never tried, or waiting to try again): claimed by one UPDATE, whose
 * WHERE PostgreSQL checks again on a row another server just claimed, so of two servers looking at once only
 * one takes each delivery and the webhook is not told twice.
 */
import type { Queryable } from '../db/database';
import type { AlertMessage } from './alert-payloads';

interface StalledDelivery {
  id: number;
  attempts: number;
  webhook_url: string;
  payload: AlertMessage;
}

interface Claim {
  /** A pending delivery untouched for longer than this was left by a server that stopped. */
  silentMs: number;
  /** Also every one last touched before this: when no other process can be sending one (PGlite), this one's start. */
  touchedBefore: Date | null;
  /** Deliveries this process is sending. */
  sending: number[];
}

/** Claims the stalled deliveries (touching them, so no other server takes them too) and answers them, oldest first. */
export async function claimStalledDeliveries(db: Queryable, { silentMs, touchedBefore, sending }: Claim): Promise<StalledDelivery[]> {
  const { rows } = await db.query<StalledDelivery>(
    `UPDATE alert_deliveries d SET updated_at = now() FROM alert_rules a
     WHERE a.id = d.alert_id AND d.status = 'pending' AND NOT (d.id = ANY ($3::bigint[]))
       AND (d.updated_at < now() - $1 * interval '1 millisecond' OR d.updated_at < $2::timestamptz)
     RETURNING d.id, d.attempts, d.payload, a.webhook_url`,
    [silentMs, touchedBefore?.toISOString() ?? null, sending],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}
