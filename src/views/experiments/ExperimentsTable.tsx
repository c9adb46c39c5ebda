import { Link } from 'wouter';
import { formatDateTime } from '../../domain/shared/format-date';
import type { ExperimentRow } from '../../domain/experiments/script-names';
import { button } from '../ui/button.css';
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
              <td className={table.cell}>
                <span>{experiment.name}</span>
                <DemoBadge demo={experiment.demo} />
              </td>
              <td className={table.cell}>{experiment.evaluation_script_name}</td>
              <td className={table.cell}>{experiment.dataset_id}</td>
              <td className={table.cell}>{experiment.description}</td>
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
