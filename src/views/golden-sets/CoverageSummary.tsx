import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { coverageMachine } from '../../machines/golden-sets/coverage.machine';
import { selectCoverage, selectCoverageError, selectCoverageLoading } from '../../machines/golden-sets/coverage.selectors';
import { coverageSentence, notJudgedHeading } from '../../domain/golden-sets/coverage-text';
import * as styles from '../experiments/ExperimentForm.css';
import { LoadFailure } from '../ui/LoadFailure';

// How much of the dataset the golden set can score, and which queries it cannot: in the experiment form
// and on the runs page. Says nothing until a dataset and a golden set are chosen.
export function CoverageSummary({ coverage: actor }: { coverage: ActorRefFrom<typeof coverageMachine> }) {
  const coverage = useSelector(actor, selectCoverage);
  const loading = useSelector(actor, selectCoverageLoading);
  const error = useSelector(actor, selectCoverageError);
  if (loading) return <p className={styles.hint}>Counting the queries the golden set judges...</p>;
  if (error) {
    return (
      <LoadFailure size="small" onRetry={() => actor.send({ type: 'user.retry' })}>
        Failed to count the judged queries: {error}
      </LoadFailure>
    );
  }
  if (!coverage) return null;
  return (
    <section aria-label="Coverage">
      <p>{coverageSentence(coverage)}</p>
      {coverage.not_judged.length > 0 && (
        <details>
          <summary>{notJudgedHeading(coverage)}</summary>
          <ul>
            {coverage.not_judged.map((query) => (
              <li key={query}>{query}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
