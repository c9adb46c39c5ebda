/**
 * The time filters of the audit trail, checked before they reach SQL: the schema's date-time format is only
 * documentation (the validator knows no formats), and a text PostgreSQL cannot read as a time was a 500.
 */
import { HttpError } from '../errors';
import type { AuditFilters } from './audit-trail';

/** 2026-11-24, 2026-11-24T16:00, 2026-11-24T16:00:00.123Z, 2026-11-24T16:00:00+01:00. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The time as an ISO string the database reads the same way, or a 400 naming the field. */
function checkedTime(field: 'from' | 'to', value: string): string {
  const parts = ISO_TIME.exec(value.trim());
  const time = parts ? new Date(value.trim()) : undefined;
  // A day the month does not have (2026-02-31) is a mistake, not the 3rd of March.
  const [year, month, day] = (parts?.slice(1, 4) ?? []).map(Number);
  const real = parts !== null && year >= 1 && month >= 1 && month <= 12 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  if (!time || Number.isNaN(time.getTime()) || !real) {
    throw new HttpError(400, `querystring.${field} must be a date and time (ISO 8601), such as 2026-11-24 or 2026-11-24T16:00:00Z`);
  }
  return time.toISOString();
}

/** The filters as given, their times checked and written out in full. */
export function checkedFilters<T extends AuditFilters>(filters: T): T {
  return {
    ...filters,
    ...(filters.from === undefined ? {} : { from: checkedTime('from', filters.from) }),
    ...(filters.to === undefined ? {} : { to: checkedTime('to', filters.to) }),
  };
}
