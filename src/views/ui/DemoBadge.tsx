import { statusBadge, statusBadgeTone } from './status-badge.css';
import { demoBadge } from './demo-badge.css';

/**
 * The 'Demo' pill beside a row the demo data made (its `demo: true`), named "Demo data" for screen readers
 * and saying on hover that an admin can remove it; nothing for any other row.
 */
export function DemoBadge({ demo }: { demo: boolean | undefined }) {
  if (!demo) return null;
  return (
    <span
      className={`${statusBadge} ${statusBadgeTone.neutral} ${demoBadge}`}
      role="img"
      aria-label="Demo data"
      title="Made by the demo data: an admin can remove it from the dashboard"
    >
      Demo
    </span>
  );
}
