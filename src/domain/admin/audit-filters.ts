// The /audit page: the trail's filters as the address holds them (`?actor=&action=&target_type=&target_id=
// &from=&to=&page=`), and as the API takes them. The address keeps days (`from=2026-03-01&to=2026-03-05`,
// both days included); the API takes times, so a day becomes the browser's local midnight, and `to` the
// midnight after it (the API's `to` is exclusive).

/** The query parameters that hold the audit list's filter. */
export const AUDIT_FILTER = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;

/** The actions the server records in the audit trail, for the Action filter. */
export const AUDIT_ACTIONS = [
  'dataset.create',
  'dataset.update',
  'dataset.delete',
  'entry.create',
  'entry.update',
  'entry.delete',
  'entries.upload',
  'mapping.create',
  'mapping.delete',
  'golden_set.upload',
  'golden_set.update',
  'golden_set.scale',
  'golden_set.aggregate',
  'golden_set.clicks',
  'golden_set.delete',
  'judgement.set',
  'judgement.remove',
  'judgement.merge',
  'catalogue.import',
  'product.update',
  'product.delete',
  'experiment.create',
  'experiment.update',
  'experiment.delete',
  'experiment.schedule',
  'run.start',
  'run.cancel',
  'run.rescore',
  'evaluation.create',
  'evaluation.delete',
  'evaluation_script.update',
  'model_judge.create',
  'model_judge.update',
  'model_judge.delete',
  'model_judge.job',
  'model_judge.job_cancel',
  'alert.create',
  'alert.delete',
  'demo.remove',
  'account.create',
  'account.role',
  'account.password_reset',
  'account.password',
  'account.remove',
  'api_key.create',
  'api_key.revoke',
] as const;

/** The kinds of target, for the Target filter. */
export const AUDIT_TARGET_TYPES = [
  'dataset',
  'entry',
  'entries',
  'golden_set',
  'catalogue',
  'product',
  'experiment',
  'run',
  'evaluation',
  'evaluation_script',
  'model_judge',
  'alert',
  'demo_data',
  'account',
  'api_key',
] as const;

/** The choices of a filter's select: the known values, and the address's own when it names another. */
export function choicesWith(known: readonly string[], current: string): string[] {
  return current && !known.includes(current) ? [...known, current] : [...known];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight starting `day` (YYYY-MM-DD), `after` days later; null when it is no calendar day. */
function localMidnight(day: string, after = 0): Date | null {
  const parts = DAY.exec(day);
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])];
  const midnight = new Date(year, month, date);
  // 2026-02-30 rolls over to March: not a day.
  if (midnight.getFullYear() !== year || midnight.getMonth() !== month || midnight.getDate() !== date) return null;
  midnight.setDate(midnight.getDate() + after);
  return midnight;
}

/** The API's query for the address's filter: the days as times. Throws, naming the parameter, for a malformed day. */
export function auditQuery(filter: Readonly<Record<string, string>>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of AUDIT_FILTER) {
    const value = filter[name];
    if (!value) continue;
    if (name === 'from' || name === 'to') {
      const time = localMidnight(value, name === 'to' ? 1 : 0);
      if (!time) throw new Error(`${name}: "${value}" is not a day (YYYY-MM-DD).`);
      query[name] = time.toISOString();
    } else {
      query[name] = value;
    }
  }
  return query;
}

/** The audit page's address for a filter, at page 1 (the filter's own order, empty values left out). */
export function auditAddress(filter: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER) if (filter[name]?.trim()) params.set(name, filter[name].trim());
  params.set('page', '1');
  return `/audit?${params}`;
}
