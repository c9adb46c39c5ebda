import { Link } from 'wouter';
import { formatDateTime } from '../../domain/shared/format-date';
import type { ExperimentRow } from '../../domain/experiments/script-names';
import { button } from '../ui/button.css';
import { listLink } from '../ui/link.css';
import * as table from '../ui/table.css';
import { TableHead } from '../ui/TableHead';
import { TableCard } from '../ui/TableCard';
import { DemoBadge } from '../ui/DemoBadge';

// The experiments table: the full table of /experiments, or without the dates on a script's page.
export function ExperimentsTable({ experiments, withDates, label }: { experiments: ExperimentRow[]; withDates: boolean; label: string }) {
  const columns = ['Name', 'Evaluation Script', 'Dataset ID', 'Description', ...(withDates ? ['Created At', 'Updated At'] : []), 'Actions'];
  return (
    <TableCard>
      <table className={table.table} aria-label={label}>
        <TableHead columns={columns} />
        <tbody>
          {experiments.map((experiment) => (
            <tr key={experiment.id}>
              <td className={`${table.cell} ${table.textCell}`}>
                <Link href={`/experiment-runs/${experiment.id}`} className={listLink}>
                  {experiment.name}
                </Link>
                <DemoBadge demo={experiment.demo} />
              </td>
              <td className={table.cell}>{experiment.evaluation_script_name}</td>
              <td className={table.cell}>
                {/* The id stays, beside the name that says which dataset it is; the name opens the dataset. */}
                <Link href={`/datasets/${experiment.dataset_id}/edit`} className={listLink}>
                  {experiment.dataset_name}
                </Link>{' '}
                <span className={table.muted}>#{experiment.dataset_id}</span>
              </td>
              <td className={`${table.cell} ${table.textCell}`}>{experiment.description}</td>
              {withDates && <td className={table.cell}>{formatDateTime(experiment.created_at)}</td>}
              {withDates && <td className={table.cell}>{formatDateTime(experiment.updated_at)}</td>}
              <td className={table.cell}>
                <Link
                  href={`/experiment-runs/${experiment.id}`}
                  className={button({ tone: 'secondary', size: 'small' })}
                  aria-label={`Details of ${experiment.name}`}
                >
                  Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
  );
}
