import type { FormEvent } from 'react';
import { AUDIT_ACTIONS, AUDIT_FILTER, AUDIT_TARGET_TYPES, choicesWith } from '../../domain/admin/audit-filters';
import { kindName } from '../../domain/admin/audit-targets';
import * as styles from './AuditPage.css';
import { button } from '../ui/button.css';

// /audit: the trail's filters, applied together by 'Apply filters' (one request, one history entry)
// or cleared by 'Clear filters'. The fields start from the address's filter and are keyed by it, so Back and a
// "who" link show the address's filter again.

type Filter = Readonly<Record<string, string>>;

export function AuditFilters({ filter, onApply }: { filter: Filter; onApply(filter: Record<string, string>): void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(Object.fromEntries(AUDIT_FILTER.map((name) => [name, String(form.get(name) ?? '').trim()]).filter(([, value]) => value)));
  };
  return (
    <form key={JSON.stringify(filter)} className={styles.filters} aria-label="Filter the audit trail" onSubmit={submit}>
      <label className={styles.field}>
        Person (subject)
        <input name="actor" className={styles.control} defaultValue={filter.actor ?? ''} />
      </label>
      <label className={styles.field}>
        Action
        <select name="action" className={styles.control} defaultValue={filter.action ?? ''}>
          <option value="">Any action</option>
          {choicesWith(AUDIT_ACTIONS, filter.action ?? '').map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Target
        <select name="target_type" className={styles.control} defaultValue={filter.target_type ?? ''}>
          <option value="">Any target</option>
          {choicesWith(AUDIT_TARGET_TYPES, filter.target_type ?? '').map((type) => (
            <option key={type} value={type}>
              {kindName(type)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Target id
        <input name="target_id" className={styles.control} defaultValue={filter.target_id ?? ''} />
      </label>
      <label className={styles.field}>
        From (day)
        <input type="date" name="from" className={styles.control} defaultValue={filter.from ?? ''} />
      </label>
      <label className={styles.field}>
        To (day, included)
        <input type="date" name="to" className={styles.control} defaultValue={filter.to ?? ''} />
      </label>
      <button type="submit" className={button({ tone: 'secondary' })}>
        Apply filters
      </button>
      <button type="button" className={button({ tone: 'secondary' })} onClick={() => onApply({})}>
        Clear filters
      </button>
    </form>
  );
}
