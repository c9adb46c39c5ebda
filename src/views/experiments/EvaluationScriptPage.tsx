import { Fragment } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { pageFromSearch } from '../../machines/shared/paged-list.machine';
import { selectData, selectResourceView } from '../../machines/shared/resource.selectors';
import type { EvaluationScript } from '../../domain/experiments/evaluation-backend-types';
import { messages } from '../ui/backend-messages';
import * as styles from './BackendPages.css';
import { useLogic } from '../shell/logic-context';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';

const selectScript = selectData<EvaluationScript>;

// /evaluation-scripts/{id}: the script's details card; Back returns to the list at its page.
export function EvaluationScriptPage({ id }: { id: number | null }) {
  const page = pageFromSearch(useSearch());
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Evaluation Script</h1>
        <Link href={`/evaluation-scripts?page=${page}`} className={button({ tone: 'secondary' })}>
          Back
        </Link>
      </div>
      <ScriptDetails scriptId={id} />
    </div>
  );
}

function ScriptDetails({ scriptId }: { scriptId: number | null }) {
  const logic = useLogic();
  const actor = useActorRef(logic.scriptDetails, { input: { id: scriptId } });
  const view = useSelector(actor, selectResourceView);
  const script = useSelector(actor, selectScript);

  if (view === 'notFound') {
    return (
      <p className={errorMessage} role="alert">
        {messages.invalidScriptId}
      </p>
    );
  }
  if (view === 'missing') {
    return (
      <p className={errorMessage} role="alert">
        {messages.scriptNotFound}
      </p>
    );
  }
  if (view === 'loading') {
    return <StatusMessage>Loading...</StatusMessage>;
  }
  if (view === 'failed' || !script) {
    return <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>{messages.scriptDetails}</LoadFailure>;
  }
  const fields: Array<[string, string | number]> = [
    ['ID', script.id],
    ['Name', script.name],
    ['Description', script.description],
    ['Cost per Evaluation', script.cost_per_evaluation],
    ['Script Class', script.script_class],
    ['Script Module', script.script_module],
  ];
  return (
    <section className={styles.card} aria-label="Script details">
      <dl className={styles.details}>
        {fields.map(([term, value]) => (
          <Fragment key={term}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.definition}>{value}</dd>
          </Fragment>
        ))}
        <dt className={styles.term}>Output Schema</dt>
        <dd className={styles.definition}>
          {/* A scroll region: focusable, so keyboard users can scroll it. */}
          <pre className={styles.json} data-testid="output-schema" tabIndex={0} aria-label="Output schema (JSON)">
            {JSON.stringify(script.output_schema, null, 2)}
          </pre>
        </dd>
      </dl>
    </section>
  );
}
