import type { RunDifference } from '../../domain/runs/run-differences';
import * as styles from './RunDifferences.css';
import { rowHeader } from '../ui/row-header.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

// What differs between two runs' configurations, field by field, each run a column named as the page names it
// (the runs page's two checked runs, the compare page's baseline and candidate); a sentence when nothing does.
export function RunDifferences(props: { first: string; second: string; differences: readonly RunDifference[] }) {
  const { first, second, differences } = props;
  const title = `What differs between ${first} and ${second}`;
  return (
    <section className={styles.differences} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      {differences.length === 0 ? (
        <p className={styles.same}>The two runs ran with the same configuration, script and tags.</p>
      ) : (
        <TableCard label="Configuration differences">
          <table className={table.table} aria-label="Configuration differences">
            <TableHead columns={['Setting', first, second]} />
            <tbody>
              {differences.map((difference) => (
                <tr key={difference.field}>
                  <th scope="row" className={`${table.cell} ${rowHeader}`}>
                    {difference.field}
                  </th>
                  <td className={`${table.cell} ${styles.value}`}>{difference.first}</td>
                  <td className={`${table.cell} ${styles.value}`}>{difference.second}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
    </section>
  );
}
