import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { coverageMachine } from '../../machines/golden-sets/coverage.machine';
import type { resourceMachine } from '../../machines/shared/resource.machine';
import { selectData } from '../../machines/shared/resource.selectors';
import { scoringSummary, targetSummary } from '../../domain/experiments/target-summary';
import type { ExperimentDetails, StoredRunConfig } from '../../domain/experiments/workbench-types';
import * as backendStyles from './BackendPages.css';
import { CoverageSummary } from '../golden-sets/CoverageSummary';
import * as styles from '../runs/ExperimentRunsPage.css';
import { useCan } from '../shell/role-context';
import { button } from '../ui/button.css';
import { GatedLink } from '../ui/Gated';
import { DemoBadge } from '../ui/DemoBadge';
import * as pageStyles from '../ui/page.css';

const selectExperimentData = selectData<ExperimentDetails>;

// The runs page opens with its experiment — what it searches and scores against, and how — the golden
// set's coverage of its dataset, and Edit. What keeps it from running is said here too. Edit is refused,
// with the reason, to a role that may not change experiments.
export function ExperimentOverview(props: {
  experiment: ActorRefFrom<typeof resourceMachine>;
  coverage: ActorRefFrom<typeof coverageMachine>;
}) {
  const experiment = useSelector(props.experiment, selectExperimentData);
  const mayChange = useCan('experiment.change');
  if (!experiment) return null;
  const config = experiment.config as Partial<StoredRunConfig> | undefined;
  return (
    <section className={backendStyles.card} aria-label="Experiment">
      <div className={styles.overviewHeading}>
        <div className={pageStyles.titleRow}>
          <h2 className={styles.experimentName}>{experiment.name}</h2>
          <DemoBadge demo={experiment.demo} />
        </div>
        <GatedLink
          action="experiment.change"
          href={`/experiments/${experiment.id}/edit`}
          className={button({ tone: 'secondary', size: 'small' })}
        >
          Edit
        </GatedLink>
      </div>
      {experiment.description && <p className={styles.description}>{experiment.description}</p>}
      <dl className={backendStyles.details}>
        <dt>Dataset</dt>
        <dd>
          <Link href={`/datasets/${experiment.dataset_id}/edit`}>{experiment.dataset_name}</Link>
        </dd>
        <dt>Golden set</dt>
        <dd>{experiment.golden_set_name ?? '—'}</dd>
        <dt>Search target</dt>
        <dd>{targetSummary(config)}</dd>
        <dt>Scoring</dt>
        <dd>{scoringSummary(config)}</dd>
        <dt>Script</dt>
        <dd>{experiment.evaluation_script_name}</dd>
      </dl>
      <CoverageSummary coverage={props.coverage} />
      {experiment.run_blockers.length > 0 && (
        <div className={styles.blockers} role="note" aria-label="Why it cannot run">
          <p>It cannot run yet:</p>
          <ul>
            {experiment.run_blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
          {mayChange && <Link href={`/experiments/${experiment.id}/edit`}>Edit the experiment</Link>}
        </div>
      )}
    </section>
  );
}
