import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import { selectData, selectResourceView } from '../../machines/shared/resource.selectors';
import { selectDetails, selectList, selectMissing, selectNotFound } from '../../machines/experiments/script-experiments-page.selectors';
import type { EvaluationScript } from '../../domain/experiments/evaluation-backend-types';
import type { ExperimentRow } from '../../domain/experiments/script-names';
import { messages } from '../ui/backend-messages';
import { ExperimentsTable } from './ExperimentsTable';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';

const selectScript = selectData<EvaluationScript>;

// /evaluation-scripts/{id}/experiments: the script's name as the title (its details call) and
// its own paged experiments; Back goes to the scripts list.
export function ScriptExperimentsPage({ id }: { id: number | null }) {
  const logic = useLogic();
  const search = useSearch();
  const page = useActorRef(logic.scriptExperimentsPage, { input: { scriptId: id, page: pageFromSearch(search) } });
  const notFound = useSelector(page, selectNotFound);
  const missing = useSelector(page, selectMissing);
  const details = useSelector(page, selectDetails);
  const detailsView = useSelector(details, selectResourceView);
  const script = useSelector(details, selectScript);
  const list = useSelector(page, selectList);

  if (notFound) return <NoScript text={messages.invalidScriptId} />;
  if (missing) return <NoScript text={messages.scriptNotFound} />;
  return (
    <Frame title={script ? `Experiments for Script: ${script.name}` : 'Experiments for Script'}>
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

/** /evaluation-scripts/experiments: the address has no script id at all, which has its own message. */
export function ScriptExperimentsWithoutId() {
  return <NoScript text={messages.noScriptId} />;
}

function NoScript({ text }: { text: string }) {
  return (
    <Frame title="Experiments for Script">
      <p className={errorMessage} role="alert">
        {text}
      </p>
    </Frame>
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
