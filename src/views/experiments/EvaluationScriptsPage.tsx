import { useActorRef } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import type { EvaluationScript } from '../../domain/experiments/evaluation-backend-types';
import { counted } from '../../domain/shared/format-count';
import { messages } from '../ui/backend-messages';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { button, linkButton } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import * as table from '../ui/table.css';
import { TableHead } from '../ui/TableHead';
import { TableCard } from '../ui/TableCard';
import { DemoBadge } from '../ui/DemoBadge';

// /evaluation-scripts: the paged scripts, their total and 'Page x of y'. A name opens the script's details card
// (which returns to this page); the detail button goes to the script's experiments.
export function EvaluationScriptsPage() {
  const logic = useLogic();
  const search = useSearch();
  const list = useActorRef(logic.scriptList, { input: { page: pageFromSearch(search) } });

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Evaluation Scripts</h1>
      </div>
      <PagedListFrame<EvaluationScript>
        list={list}
        failure={() => messages.scripts}
        empty={() => messages.noScripts}
        counted={(total) => counted(total, 'evaluation script', 'evaluation scripts')}
      >
        {(scripts, page) => (
          <TableCard>
            <table className={table.table} aria-label="Evaluation scripts">
              <TableHead columns={['Name', 'Description', 'Cost/Eval', 'Actions']} />
              <tbody>
                {scripts.map((script) => (
                  <tr key={script.id}>
                    <td className={table.cell}>
                      <Link href={`/evaluation-scripts/${script.id}?page=${page}`} className={linkButton}>
                        {script.name}
                      </Link>
                      <DemoBadge demo={script.demo} />
                    </td>
                    <td className={table.cell}>{script.description}</td>
                    <td className={table.cell}>{script.cost_per_evaluation}</td>
                    <td className={table.cell}>
                      <Link
                        href={`/evaluation-scripts/${script.id}/experiments`}
                        className={button({ tone: 'secondary', size: 'small' })}
                        aria-label={`Details of ${script.name}`}
                      >
                        Details
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
    </div>
  );
}
