import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useId } from 'react';
import { Link } from 'wouter';
import { selectError, selectOwner, selectTestCase, selectView } from '../../machines/evaluations/test-case.selectors';
import { COMPLETION_LABELS } from '../../domain/evaluations/evaluation-results';
import {
  ndcgOf,
  rankedProducts,
  referenceProducts,
  testCaseCrumbs,
  type TestCase,
  type TestCaseOwner,
} from '../../domain/evaluations/test-case';
import { formatDateTime } from '../../domain/shared/format-date';
import { formatMetric, formatPercent, orderedMetrics } from '../../domain/shared/format-metric';
import { metricLabel } from '../../domain/shared/metric-label';
import { completionTone, NDCG_TARGET, ndcgSummaryTone, productMatchTone, type ProductMatch } from '../../domain/shared/status-colours';
import { useLogic } from '../shell/logic-context';
import * as styles from './TestCasePage.css';
import * as runStyles from '../runs/RunResultsPage.css';
import * as pageStyles from '../ui/page.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';
import { statusBadge, statusBadgeTone, toneBorder, toneText } from '../ui/status-badge.css';
import { errorMessage } from '../ui/status.css';

// /test-case/{id} (a result's id): one query's ranking against its golden set's relevant products, in the
// specification's colours (common green, missing red, leftover yellow, in words as well), its metrics to three
// decimals with the nDCG summary green at or above the target and yellow below, its completion, and the way back
// to its evaluation (or its run).
export function TestCasePage({ id }: { id: number | null }) {
  const logic = useLogic();
  const actor = useActorRef(logic.testCase, { input: { resultId: id } });
  const view = useSelector(actor, selectView);
  const testCase = useSelector(actor, selectTestCase);
  const owner = useSelector(actor, selectOwner);
  const error = useSelector(actor, selectError);

  return (
    <div className={pageStyles.page}>
      {testCase && <Crumbs testCase={testCase} owner={owner} />}
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{testCase ? `Query: ${testCase.result.input}` : 'Test Case'}</h1>
      </div>
      {view === 'notFound' && (
        <p className={errorMessage} role="alert">
          Invalid test case ID
        </p>
      )}
      {view === 'missing' && (
        <p className={errorMessage} role="alert">
          No test case with ID {id}.
        </p>
      )}
      {view === 'loading' && <StatusMessage>Loading...</StatusMessage>}
      {view === 'failed' && <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>{error}</LoadFailure>}
      {view === 'loaded' && testCase && <TestCaseDetails testCase={testCase} />}
    </div>
  );
}

function Crumbs({ testCase, owner }: { testCase: TestCase; owner: TestCaseOwner | null }) {
  const crumbs = testCaseCrumbs(testCase, owner);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={runStyles.breadcrumbs}>
      {crumbs.map((crumb, index) => (
        <Fragment key={crumb.href}>
          {index > 0 && <span aria-hidden="true"> › </span>}
          <Link href={crumb.href}>{crumb.label}</Link>
        </Fragment>
      ))}
    </nav>
  );
}

const matchLabels: Record<ProductMatch, string> = { common: 'Common', missing: 'Missing', leftover: 'Leftover' };

const legendText: Record<ProductMatch, string> = {
  common: 'Common: ranked and relevant',
  missing: 'Missing: relevant, not ranked',
  leftover: 'Leftover: ranked, not a relevant reference',
};

function TestCaseDetails({ testCase }: { testCase: TestCase }) {
  const metricsId = useId();
  const comparisonId = useId();
  const metrics = testCase.result.results?.metrics ?? {};
  const ndcg = ndcgOf(metrics);
  const ranked = rankedProducts(testCase);
  const references = referenceProducts(testCase);
  const target = formatPercent(NDCG_TARGET);

  return (
    <>
      <dl className={styles.details}>
        <dt className={styles.term}>Query</dt>
        <dd className={styles.definition}>{testCase.result.input}</dd>
        <dt className={styles.term}>Status</dt>
        <dd className={styles.definition}>
          {testCase.completion ? (
            <span className={`${statusBadge} ${statusBadgeTone[completionTone(testCase.completion)]}`}>
              {COMPLETION_LABELS[testCase.completion]}
            </span>
          ) : (
            testCase.result.status
          )}
        </dd>
        <dt className={styles.term}>Created</dt>
        <dd className={styles.definition}>{formatDateTime(testCase.created_at)}</dd>
      </dl>

      <section className={styles.section} aria-labelledby={metricsId}>
        <h2 className={styles.sectionTitle} id={metricsId}>
          Metrics
        </h2>
        {Object.keys(metrics).length === 0 ? (
          <p>{testCase.result.test_result ?? 'No metrics.'}</p>
        ) : (
          <dl className={styles.metrics}>
            {orderedMetrics(metrics).map(([name, value]) => (
              <div key={name} className={styles.metric}>
                <dt className={styles.term}>{metricLabel(name)}</dt>
                <dd className={styles.metricValue}>{formatMetric(value)}</dd>
              </div>
            ))}
          </dl>
        )}
        {ndcg && (
          <p className={`${styles.ndcgSummary} ${toneText[ndcgSummaryTone(ndcg.value)]}`} data-testid="ndcg-summary">
            {metricLabel(ndcg.name)} {formatPercent(ndcg.value)}:{' '}
            {ndcgSummaryTone(ndcg.value) === 'success' ? `at or above the ${target} target` : `below the ${target} target`}
          </p>
        )}
      </section>

      <section className={styles.section} aria-labelledby={comparisonId}>
        <h2 className={styles.sectionTitle} id={comparisonId}>
          Ranking versus References
        </h2>
        <ul className={styles.legend} aria-label="Legend">
          {(['common', 'missing', 'leftover'] as const).map((match) => (
            <li key={match}>
              <span className={`${styles.swatch} ${toneBorder[productMatchTone(match)]}`} aria-hidden="true" />
              {legendText[match]}
            </li>
          ))}
        </ul>
        <div className={styles.comparison}>
          <div>
            <h3 className={styles.sectionTitle}>Ranking</h3>
            <ol className={styles.productList} aria-label="Ranking">
              {ranked.map((product) => (
                <li key={product.productId} className={`${styles.product} ${toneBorder[productMatchTone(product.match)]}`}>
                  <div>
                    <p className={styles.productName}>
                      {product.rank}. {product.name ?? product.productId}
                    </p>
                    <p className={styles.productMeta}>{product.productId}</p>
                  </div>
                  <span className={`${styles.matchLabel} ${toneText[productMatchTone(product.match)]}`}>{matchLabels[product.match]}</span>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3 className={styles.sectionTitle}>References</h3>
            <ul className={styles.productList} aria-label="References">
              {references.map((product) => (
                <li key={product.productId} className={`${styles.product} ${toneBorder[productMatchTone(product.match)]}`}>
                  <div>
                    <p className={styles.productName}>{product.name ?? product.productId}</p>
                    <p className={styles.productMeta}>
                      {product.productId} · relevance {product.relevance}
                    </p>
                  </div>
                  <span className={`${styles.matchLabel} ${toneText[productMatchTone(product.match)]}`}>{matchLabels[product.match]}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
