import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { selectFilter, selectList, selectListScriptId } from '../../machines/experiments/experiments-page.selectors';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import { scriptFromSearch } from '../../machines/experiments/script-filter.machine';
import {
  selectCanChoose,
  selectOptionsFailed,
  selectScriptId,
  selectScriptOptions,
} from '../../machines/experiments/script-filter.selectors';
import type { ExperimentRow } from '../../domain/experiments/script-names';
import { counted } from '../../domain/shared/format-count';
import { messages } from '../ui/backend-messages';
import * as styles from './BackendPages.css';
import { ExperimentsTable } from './ExperimentsTable';
import { useLogic } from '../shell/logic-context';
import { PagedListFrame } from '../ui/PagedListFrame';
import { button } from '../ui/button.css';
import { GatedLink } from '../ui/Gated';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';

// /experiments: the paged experiments with their script names, their total and 'Page x of y', and 'Filter by
// Script'. With one script chosen, the table is that script's own paged experiments call (a new list, from page
// 1); the choice is in the address (`?script=n`). New Experiment is refused, with the reason, to a role that may
// not change experiments.
export function ExperimentsPage() {
  const logic = useLogic();
  const selectId = useId();
  const search = useSearch();
  const page = useActorRef(logic.experimentsPage, { input: { page: pageFromSearch(search), scriptId: scriptFromSearch(search) } });
  const filter = useSelector(page, selectFilter);
  const list = useSelector(page, selectList);
  const listScriptId = useSelector(page, selectListScriptId);
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
        <GatedLink action="experiment.change" href="/experiments/new" className={button({ tone: 'primary' })}>
          New Experiment
        </GatedLink>
      </div>
      {optionsFailed && (
        <div className={styles.notice}>
          <p className={errorMessage} role="alert">
            {messages.scripts}
          </p>
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'small' })}
            onClick={() => filter.send({ type: 'user.retry' })}
          >
            Reload scripts
          </button>
        </div>
      )}
      <PagedListFrame<ExperimentRow>
        key={listScriptId ?? 'all'}
        list={list}
        failure={(error) => `${listScriptId === null ? messages.experimentsOrScripts : messages.experimentsWithError}${error ?? ''}`}
        empty={() => messages.noExperiments}
        counted={(total) => counted(total, 'experiment', 'experiments')}
      >
        {(experiments) => <ExperimentsTable experiments={experiments} withDates label="Experiments" />}
      </PagedListFrame>
    </div>
  );
}
