import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useSearch } from 'wouter';
import { judgeFieldsOf } from '../../domain/judges/judge-form';
import type { ModelJudge } from '../../domain/judges/model-judge-types';
import { refusal } from '../../domain/shell/roles';
import { counted } from '../../domain/shared/format-count';
import { modelJudgesPageInput } from '../../machines/judges/model-judges-page.machine';
import { selectGoldenSetOptions, selectJudgeForm, selectList, selectStartJob } from '../../machines/judges/model-judges-page.selectors';
import { selectPreset } from '../../machines/judges/start-judge-job.selectors';
import { selectData } from '../../machines/shared/resource.selectors';
import { selectConfirmDelete } from '../../machines/shared/paged-list.selectors';
import { useLogic } from '../shell/logic-context';
import { useRole } from '../shell/role-context';
import { button } from '../ui/button.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import * as pageStyles from '../ui/page.css';
import { PagedListFrame } from '../ui/PagedListFrame';
import { rowHeader } from '../ui/row-header.css';
import { statusMessage } from '../ui/status.css';
import * as table from '../ui/table.css';
import { TableCard } from '../ui/TableCard';
import { TableHead } from '../ui/TableHead';
import { JudgeFormDialog } from './JudgeFormDialog';
import { StartJudgeJobDialog } from './StartJudgeJobDialog';

// /model-judges (curators): the model judges, 'New model judge', and on each: Edit, "Judge a golden set / a run"
// (the estimate first, then the job's page) and Delete. Someone else who opens the address reads why.
export function ModelJudgesPage() {
  const why = refusal(useRole(), 'model_judge.change');
  if (why)
    return (
      <div className={pageStyles.page}>
        <h1 className={pageStyles.title}>Model Judges</h1>
        <p className={statusMessage} role="status">
          {why}
        </p>
      </div>
    );
  return <ModelJudges />;
}

function ModelJudges() {
  const logic = useLogic();
  const page = useActorRef(logic.modelJudgesPage, { input: modelJudgesPageInput(useSearch()) });
  const list = useSelector(page, selectList);
  const judgeForm = useSelector(page, selectJudgeForm);
  const startJob = useSelector(page, selectStartJob);
  const preset = useSelector(startJob, selectPreset);
  const goldenSets = useSelector(useSelector(page, selectGoldenSetOptions), selectData<Array<{ id: number; name: string }>>) ?? [];
  const confirmDelete = useSelector(list, selectConfirmDelete);
  const headingId = useId();

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title} id={headingId}>
          Model Judges
        </h1>
        <button type="button" className={button({ tone: 'primary' })} onClick={() => judgeForm.send({ type: 'user.open' })}>
          New model judge
        </button>
      </div>
      {preset.run_id && (
        <p className={statusMessage} role="status">
          Choose a judge to judge run {preset.run_id}'s unjudged products.
        </p>
      )}
      <PagedListFrame<ModelJudge>
        list={list}
        failure={(error) => `Failed to fetch model judges. ${error ?? ''}`}
        empty={(n) => (n === 1 ? 'No model judges yet.' : 'No model judges on this page.')}
        counted={(total) => counted(total, 'model judge', 'model judges')}
      >
        {(judges) => (
          <TableCard>
            <table className={table.table} aria-labelledby={headingId}>
              <TableHead columns={['Name', 'Model', 'Base URL', 'Actions']} />
              <tbody>
                {judges.map((judge) => (
                  <tr key={judge.id}>
                    <th className={`${table.cell} ${rowHeader}`} scope="row">
                      {judge.name}
                    </th>
                    <td className={table.cell}>{judge.model}</td>
                    <td className={`${table.cell} ${table.textCell}`}>{judge.base_url}</td>
                    <td className={table.cell}>
                      <div className={table.actions}>
                        <button
                          type="button"
                          className={button({ tone: 'secondary', size: 'small' })}
                          aria-label={`Edit ${judge.name}`}
                          onClick={() => judgeForm.send({ type: 'user.open', fields: judgeFieldsOf(judge) })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className={button({ tone: 'secondary', size: 'small' })}
                          aria-label={`Judge a golden set or a run with ${judge.name}`}
                          onClick={() => startJob.send({ type: 'user.open', judge: { id: judge.id, name: judge.name } })}
                        >
                          Judge a golden set / a run
                        </button>
                        <button
                          type="button"
                          className={button({ tone: 'danger', size: 'small' })}
                          aria-label={`Delete ${judge.name}`}
                          onClick={() => confirmDelete?.send({ type: 'user.open', subject: { id: judge.id, name: judge.name } })}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableCard>
        )}
      </PagedListFrame>
      {confirmDelete && (
        <ConfirmDialog
          actor={confirmDelete}
          title="Delete model judge"
          question={(subject) => `Delete the model judge "${subject.name}"? The grades it gave stay, under its name.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
        />
      )}
      <JudgeFormDialog actor={judgeForm} />
      <StartJudgeJobDialog actor={startJob} goldenSets={goldenSets} />
    </div>
  );
}
