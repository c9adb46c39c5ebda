import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { pageFromSearch } from '../machines/paged-list.machine';
import { selectData, selectResourceView } from '../machines/resource.selectors';
import type { EvaluationScript } from '../services/evaluation-backend';
import { parseRouteId } from '../services/route-id';
import type { ExperimentRow } from '../services/script-names';
import { messages } from './backend-messages';
import { ExperimentsTable } from './ExperimentsTable';
import { useLogic } from './logic-context';
import { PagedListFrame } from './PagedListFrame';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import { errorMessage } from './ui/status.css';

const selectScript = selectData<EvaluationScript>;

// Spec §2 /evaluation-scripts/{id}/experiments: the script's name as the title (its details call) and
// its own paged experiments; Back goes to the scripts list.
export function ScriptExperimentsPage({ id }: { id: string | undefined }) {
  const scriptId = parseRouteId(id);
  return scriptId === null ? (
    <Frame title="Experiments for Script: ">
      <p className={errorMessage} role="alert">
        {id ? messages.invalidScriptId : messages.noScriptId}
      </p>
    </Frame>
  ) : (
    <ScriptExperiments key={scriptId} scriptId={scriptId} />
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{title}</h1>
        <Link href="/evaluation-scripts" className={button({ tone: 'secondary' })}>
          Back to Scripts
        </Link>
      </div>
      {children}
    </div>
  );
}

function ScriptExperiments({ scriptId }: { scriptId: number }) {
  const logic = useLogic();
  const search = useSearch();
  const details = useActorRef(logic.scriptDetails, { input: { id: scriptId } });
  const detailsView = useSelector(details, selectResourceView);
  const script = useSelector(details, selectScript);
  const list = useActorRef(logic.scriptExperimentList(scriptId), { input: { page: pageFromSearch(search) } });

  return (
    <Frame title={`Experiments for Script: ${script?.name ?? ''}`}>
      {detailsView === 'failed' && (
        <p className={errorMessage} role="alert">
          {messages.scriptDetails}
        </p>
      )}
      <PagedListFrame<ExperimentRow> list={list} failure={() => messages.experiments} empty={() => messages.noExperiments}>
        {(experiments) => <ExperimentsTable experiments={experiments} withDates={false} label="Experiments of the script" />}
      </PagedListFrame>
    </Frame>
  );
}
