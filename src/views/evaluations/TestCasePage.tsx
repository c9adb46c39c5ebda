import { useId } from 'react';
import { findSampleTestCase, NDCG_METRIC, type SampleTestCase } from '../../fixtures/test-case';
import { formatDateTime } from '../../domain/shared/format-date';
import { formatMetric, formatPercent } from '../../domain/shared/format-metric';
import { compareWithReferences, referenceMatch, resultMatch } from '../../domain/compare/result-comparison';
import {
  mockEvaluationStatusTone,
  NDCG_TARGET,
  ndcgSummaryTone,
  productMatchTone,
  type ProductMatch,
} from '../../domain/shared/status-colours';
import * as styles from './TestCasePage.css';
import * as pageStyles from '../ui/page.css';
import { statusBadge, statusBadgeTone, toneBorder, toneText } from '../ui/status-badge.css';
import { errorMessage } from '../ui/status.css';

// /test-case/{id}: a mock test case with sample data, no call made.
export function TestCasePage({ id }: { id: string }) {
  const testCase = findSampleTestCase(id);
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Test Case {id}</h1>
      </div>
      {testCase ? (
        <TestCaseDetails testCase={testCase} />
      ) : (
        <p className={errorMessage} role="alert">
          No test case with ID {id}.
        </p>
      )}
    </div>
  );
}

const matchLabels: Record<ProductMatch, string> = { common: 'Common', missing: 'Missing', leftover: 'Leftover' };

const legendText: Record<ProductMatch, string> = {
  common: 'Common: returned and referenced',
  missing: 'Missing: referenced, not returned',
  leftover: 'Leftover: returned, not referenced',
};

function TestCaseDetails({ testCase }: { testCase: SampleTestCase }) {
  const metricsId = useId();
  const comparisonId = useId();
  const comparison = compareWithReferences(
    testCase.results.map((product) => product.product_id),
    testCase.references.map((product) => product.product_id),
  );
  const ndcg = testCase.metrics[NDCG_METRIC];
  const ndcgTone = ndcgSummaryTone(ndcg);
  const target = formatPercent(NDCG_TARGET);

  return (
    <>
      <dl className={styles.details}>
        <dt className={styles.term}>Query</dt>
        <dd className={styles.definition}>{testCase.query}</dd>
        <dt className={styles.term}>Category</dt>
        <dd className={styles.definition}>{testCase.category}</dd>
        <dt className={styles.term}>Status</dt>
        <dd className={styles.definition}>
          <span className={`${statusBadge} ${statusBadgeTone[mockEvaluationStatusTone(testCase.status)]}`}>{testCase.status}</span>
        </dd>
        <dt className={styles.term}>Created</dt>
        <dd className={styles.definition}>{formatDateTime(testCase.createdAt)}</dd>
      </dl>

      <section className={styles.section} aria-labelledby={metricsId}>
        <h2 className={styles.sectionTitle} id={metricsId}>
          Metrics
        </h2>
        <dl className={styles.metrics}>
          {Object.entries(testCase.metrics).map(([name, value]) => (
            <div key={name} className={styles.metric}>
              <dt className={styles.term}>{name}</dt>
              <dd className={styles.metricValue}>{formatMetric(value)}</dd>
            </div>
          ))}
        </dl>
        <p className={`${styles.ndcgSummary} ${toneText[ndcgTone]}`} data-testid="ndcg-summary">
          {NDCG_METRIC} {formatPercent(ndcg)}: {ndcgTone === 'success' ? `at or above the ${target} target` : `below the ${target} target`}
        </p>
      </section>

      <section className={styles.section} aria-labelledby={comparisonId}>
        <h2 className={styles.sectionTitle} id={comparisonId}>
          Results versus References
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
            <h3 className={styles.sectionTitle}>Search Results</h3>
            <ol className={styles.productList} aria-label="Search results">
              {testCase.results.map((product, index) => {
                const match = resultMatch(product.product_id, comparison);
                return (
                  <li key={product.product_id} className={`${styles.product} ${toneBorder[productMatchTone(match)]}`}>
                    <div>
                      <p className={styles.productName}>
                        {index + 1}. {product.name}
                      </p>
                      <p className={styles.productMeta}>{product.product_id}</p>
                    </div>
                    <span className={`${styles.matchLabel} ${toneText[productMatchTone(match)]}`}>{matchLabels[match]}</span>
                  </li>
                );
              })}
            </ol>
          </div>
          <div>
            <h3 className={styles.sectionTitle}>References</h3>
            <ul className={styles.productList} aria-label="References">
              {testCase.references.map((product) => {
                const match = referenceMatch(product.product_id, comparison);
                return (
                  <li key={product.product_id} className={`${styles.product} ${toneBorder[productMatchTone(match)]}`}>
                    <div>
                      <p className={styles.productName}>{product.name}</p>
                      <p className={styles.productMeta}>
                        {product.product_id} · relevance {product.relevance}
                      </p>
                    </div>
                    <span className={`${styles.matchLabel} ${toneText[productMatchTone(match)]}`}>{matchLabels[match]}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
