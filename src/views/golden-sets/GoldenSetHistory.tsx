import { formatDateTime } from '../../domain/shared/format-date';
import { counted } from '../../domain/shared/format-count';
import { historyChangeText } from '../../domain/golden-sets/grade-scale';
import type { GradeScale, HistoryEntry } from '../../domain/judging/golden-set-judging-types';
import * as styles from './GoldenSetPage.css';
import { PagedListFrame, type PagedListRef } from '../ui/PagedListFrame';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

// Every change of the golden set's judgements, newest first: who, when, which query and product,
// and the grade before and after.
export function GoldenSetHistory({ list, scale }: { list: PagedListRef; scale: GradeScale }) {
  return (
    <section className={styles.section} aria-labelledby="golden-set-history">
      <h2 id="golden-set-history" className={styles.sectionTitle}>
        History
      </h2>
      <PagedListFrame<HistoryEntry>
        list={list}
        failure={(error) => `Failed to fetch the history. ${error ?? ''}`}
        empty={(page) => (page === 1 ? 'No changes since upload.' : 'No changes on this page.')}
        counted={(total) => counted(total, 'change', 'changes')}
      >
        {(entries) => (
          <TableCard label="History">
            <table className={table.table} aria-label="History">
              <TableHead columns={['When', 'Who', 'Query', 'Product', 'Change']} />
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className={table.cell}>{formatDateTime(entry.changed_at)}</td>
                    <td className={table.cell}>{entry.changed_by ?? 'Unknown'}</td>
                    <td className={table.cell}>{entry.query}</td>
                    <td className={table.cell}>{entry.product_id}</td>
                    <td className={table.cell}>{historyChangeText(scale, entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
    </section>
  );
}
