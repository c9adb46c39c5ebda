import { useId } from 'react';
import { sampleGoldenSets } from '../fixtures/golden-sets';
import { formatDateTime } from '../services/format-date';
import * as styles from './GoldenSetsPage.css';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import { rowHeader } from './ui/row-header.css';
import * as table from './ui/table.css';

// Spec §2 /golden-sets: a static list of sample data; Add, edit and delete are inert until golden sets
// become real (the evaluation-engine issue).
export function GoldenSetsPage() {
  const headingId = useId();
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <div>
          <h1 className={pageStyles.title} id={headingId}>
            Golden Sets
          </h1>
          <p className={pageStyles.lead}>Sample data: adding, editing and deleting golden sets come later.</p>
        </div>
        <button type="button" className={`${button({ tone: 'primary' })} ${styles.inert}`} aria-disabled="true">
          Add Golden Set
        </button>
      </div>
      <table className={table.table} aria-labelledby={headingId}>
        <thead>
          <tr>
            <th className={table.headCell} scope="col">Name</th>
            <th className={table.headCell} scope="col">Size</th>
            <th className={table.headCell} scope="col">Created At</th>
            <th className={table.headCell} scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {sampleGoldenSets.map((goldenSet) => (
            <tr key={goldenSet.id}>
              <th className={`${table.cell} ${rowHeader}`} scope="row">
                {goldenSet.name}
              </th>
              <td className={table.cell}>{goldenSet.sizeText}</td>
              <td className={table.cell}>{formatDateTime(goldenSet.createdAt)}</td>
              <td className={table.cell}>
                <div className={table.actions}>
                  <button
                    type="button"
                    className={`${button({ tone: 'secondary', size: 'small' })} ${styles.inert}`}
                    aria-disabled="true"
                    aria-label={`Edit ${goldenSet.name}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={`${button({ tone: 'danger', size: 'small' })} ${styles.inert}`}
                    aria-disabled="true"
                    aria-label={`Delete ${goldenSet.name}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
