import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link, useSearch } from 'wouter';
import { auditPageInput, type AuditPageContext } from '../../machines/admin/audit-page.machine';
import { selectAuditFilter, selectExporter, selectList } from '../../machines/admin/audit-page.selectors';
import { selectCanExport, selectExportError, selectExportingFormat, selectSavedAs } from '../../machines/shared/file-export.selectors';
import { selectIsFiltered } from '../../machines/shared/paged-list.selectors';
import { adminOnlyMessage } from '../../domain/admin/admin-access';
import { auditAddress } from '../../domain/admin/audit-filters';
import { targetLabel, targetPath, type AuditEntry } from '../../domain/admin/audit-targets';
import { formatTotal } from '../../domain/shared/format-count';
import { formatDateTime } from '../../domain/shared/format-date';
import { AuditFilters } from './AuditFilters';
import * as styles from './AuditPage.css';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { useCan, useRole } from '../shell/role-context';
import { button, linkButton } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage, statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';

/** '1 change', '2,002 changes', '10,000+ changes'. */
const changeTotal = (total: number, capped: boolean) => `${formatTotal(total, capped)} ${total === 1 && !capped ? 'change' : 'changes'}`;

// /audit (admins only): who changed what and when, newest first; filtered by person, action, target and
// days (all in the address), paged with its total; each target links to its page while it has one; the
// filtered trail as CSV. Someone else who opens the address reads why, and nothing is asked of the server.
export function AuditPage() {
  const role = useRole();
  const allowed = useCan('audit.read');
  if (allowed) return <AuditTrail />;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Audit trail</h1>
      </div>
      <p className={statusMessage} role="status">
        {adminOnlyMessage('read the audit trail', role)}
      </p>
    </div>
  );
}

function AuditTrail() {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.auditPage, { input: auditPageInput(search) });
  const list = useSelector(page, selectList);
  const exporter = useSelector(page, selectExporter);
  const headingId = useId();

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title} id={headingId}>
          Audit trail
        </h1>
        <ExportButton exporter={exporter} onExport={() => page.send({ type: 'user.export' })} />
      </div>
      <AuditList
        list={list}
        exporter={exporter}
        headingId={headingId}
        onApply={(filter) => page.send({ type: 'user.applyFilters', filter })}
      />
    </div>
  );
}

function ExportButton({ exporter, onExport }: { exporter: AuditPageContext['exporter']; onExport(): void }) {
  const exporting = useSelector(exporter, selectExportingFormat) !== null;
  const canExport = useSelector(exporter, selectCanExport);
  return (
    <button type="button" className={button({ tone: 'secondary' })} disabled={!canExport} aria-busy={exporting} onClick={onExport}>
      {exporting ? 'Exporting CSV...' : 'Export CSV'}
    </button>
  );
}

function AuditList({
  list,
  exporter,
  headingId,
  onApply,
}: AuditPageContext & { headingId: string; onApply(filter: Record<string, string>): void }) {
  const filter = useSelector(list, selectAuditFilter);
  const filtered = useSelector(list, selectIsFiltered);
  const savedAs = useSelector(exporter, selectSavedAs);
  const exportError = useSelector(exporter, selectExportError);

  return (
    <>
      <p className={styles.exportNote} aria-live="polite">
        {savedAs ? `Saved ${savedAs}.` : ''}
      </p>
      {exportError && (
        <p className={errorMessage} role="alert">
          Failed to export the audit trail: {exportError}
        </p>
      )}
      <AuditFilters filter={filter} onApply={onApply} />

      <PagedListFrame<AuditEntry>
        list={list}
        failure={(error) => `Failed to fetch the audit trail. ${error ?? ''}`}
        empty={(n) => (filtered ? 'No changes match the filters.' : n === 1 ? 'No changes recorded yet.' : 'No changes on this page.')}
        counted={changeTotal}
      >
        {(entries) => (
          <TableCard>
            <table className={table.table} aria-labelledby={headingId}>
              <TableHead columns={['When', 'Who', 'Action', 'Target', 'Summary']} />
              <tbody>
                {entries.map((entry) => {
                  const path = targetPath(entry);
                  return (
                    <tr key={entry.id}>
                      <td className={`${table.cell} ${styles.when}`}>{formatDateTime(entry.at)}</td>
                      <td className={table.cell}>
                        <Link
                          href={auditAddress({ ...filter, actor: entry.actor.sub })}
                          className={linkButton}
                          title={`Only the changes of ${entry.actor.sub}`}
                        >
                          {entry.actor.name}
                        </Link>
                      </td>
                      <td className={`${table.cell} ${styles.action}`}>{entry.action}</td>
                      <td className={table.cell}>
                        {path ? (
                          <Link href={path} className={linkButton}>
                            {targetLabel(entry)}
                          </Link>
                        ) : (
                          targetLabel(entry)
                        )}
                      </td>
                      <td className={`${table.cell} ${table.textCell}`}>{entry.summary}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
    </>
  );
}
