import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { pageFromSearch } from '../machines/paged-list.machine';
import {
  selectCanChoose,
  selectOptionsFailed,
  selectScriptId,
  selectScriptOptions,
} from '../machines/script-filter.selectors';
import type { ExperimentRow } from '../services/script-names';
import { messages } from './backend-messages';
import * as styles from './BackendPages.css';
import { ExperimentsTable } from './ExperimentsTable';
import { useLogic } from './logic-context';
import { PagedListFrame } from './PagedListFrame';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import { errorMessage } from './ui/status.css';

// Spec §2 /experiments: the paged experiments with their script names, and 'Filter by Script'. With one
// script chosen, the table is that script's own paged experiments call (a new list, from page 1).
export function ExperimentsPage() {
  const logic = useLogic();
  const selectId = useId();
  const filter = useActorRef(logic.scriptFilter);
  const scripts = useSelector(filter, selectScriptOptions);
  const scriptId = useSelector(filter, selectScriptId);
  const canChoose = useSelector(filter, selectCanChoose);
  const optionsFailed = useSelector(filter, selectOptionsFailed);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Experiments</h1>
        <div className={styles.filter}>
          <label htmlFor={selectId} className={styles.filterLabel}>
            Filter by Script
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={scriptId === null ? '' : String(scriptId)}
            disabled={!canChoose}
            onChange={(event) =>
              filter.send({ type: 'user.selectScript', scriptId: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <option value="">All Scripts</option>
            {scripts.map((script) => (
              <option key={script.id} value={String(script.id)}>
                {script.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {optionsFailed && (
        <div className={styles.notice}>
          <p className={errorMessage} role="alert">
            {messages.scripts}
          </p>
          <button type="button" className={button({ tone: 'secondary', size: 'small' })} onClick={() => filter.send({ type: 'user.retry' })}>
            Reload scripts
          </button>
        </div>
      )}
      {scriptId === null ? (
        <ExperimentList key="all" logic={logic.experimentList} failure={messages.experimentsOrScripts} />
      ) : (
        <ExperimentList key={scriptId} logic={logic.scriptExperimentList(scriptId)} failure={messages.experimentsWithError} />
      )}
    </div>
  );
}

function ExperimentList({ logic, failure }: { logic: ReturnType<typeof useLogic>['experimentList']; failure: string }) {
  const search = useSearch();
  const list = useActorRef(logic, { input: { page: pageFromSearch(search) } });
  return (
    <PagedListFrame<ExperimentRow> list={list} failure={(error) => `${failure}${error ?? ''}`} empty={() => messages.noExperiments}>
      {(experiments) => <ExperimentsTable experiments={experiments} withDates label="Experiments" />}
    </PagedListFrame>
  );
}
