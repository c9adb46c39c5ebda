import { useId, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useHistoryState } from 'wouter/use-browser-location';
import type { PassedRunResult } from '../machines/run-result-details.machine';
import { selectCanGoBack, selectIsMissing, selectMetricsOpen, selectPassed } from '../machines/run-result-details.selectors';
import type { RunResultDetails, SearchResultProduct } from '../domain/evaluation-backend-types';
import { formatDateTime } from '../domain/format-date';
import { formatMetric, orderedMetrics } from '../domain/format-metric';
import { readPassedRunResult } from '../domain/passed-run-result';
import { goldenSetMatch, resultMatch } from '../domain/result-comparison';
import { runResultStatusTone } from '../domain/status-colours';
import { messages } from './backend-messages';
import * as styles from './RunResultDetailsPage.css';
import { useLogic } from './logic-context';
import { button } from './ui/button.css';
import * as pageStyles from './ui/page.css';
import { statusBadge, statusBadgeTone } from './ui/status-badge.css';
import { errorMessage } from './ui/status.css';

/** The route: the row arrives as the browser history's state, put there by the results table. */
export function RunResultDetailsRoute({ id }: { id: number | null }) {
  const state: unknown = useHistoryState();
  const passed = readPassedRunResult(state, id);
  return <RunResultDetailsPage key={`${id}:${passed ? 'passed' : 'missing'}`} passed={passed} />;
}

// Spec §2 /experiment-run-result-details/{id}: the passed row's metrics (a grid that folds away), the
// legend, the search results (image and name) and the golden set (product id and relevance), framed
// by how each relates to the other list.
export function RunResultDetailsPage({ passed }: { passed: PassedRunResult | null }) {
  const logic = useLogic();
  const actor = useActorRef(logic.runResultDetails, { input: { passed } });
  const missing = useSelector(actor, selectIsMissing);
  const metricsOpen = useSelector(actor, selectMetricsOpen);
  const row = useSelector(actor, selectPassed);
  const canGoBack = useSelector(actor, selectCanGoBack);
  const metricsId = useId();

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>Run Result Details</h1>
        {canGoBack && (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.back' })}>
            Back to Results
          </button>
        )}
      </div>
      {missing || !row ? (
        <p className={errorMessage} role="alert">
          {messages.noRunResultDetails}
        </p>
      ) : (
        <>
          <dl className={styles.summary}>
            <dt className={styles.term}>Input</dt>
            <dd className={styles.definition}>{row.result.result.input}</dd>
            <dt className={styles.term}>Status</dt>
            <dd className={styles.definition}>
              <span className={`${statusBadge} ${statusBadgeTone[runResultStatusTone(row.result.result.status)]}`}>
                {row.result.result.status}
              </span>
            </dd>
            <dt className={styles.term}>Version</dt>
            <dd className={styles.definition}>{row.result.result.version}</dd>
            <dt className={styles.term}>Test Result</dt>
            <dd className={styles.definition}>{row.result.result.test_result}</dd>
            <dt className={styles.term}>Created At</dt>
            <dd className={styles.definition}>{formatDateTime(row.result.created_at)}</dd>
          </dl>

          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>
              <button
                type="button"
                className={styles.toggle}
                aria-expanded={metricsOpen}
                aria-controls={metricsId}
                onClick={() => actor.send({ type: 'user.toggleMetrics' })}
              >
                <span aria-hidden="true">{metricsOpen ? '▾' : '▸'}</span>
                Metrics
              </button>
            </h2>
            {metricsOpen && (
              <dl className={styles.metrics} id={metricsId} aria-label="Metrics">
                {orderedMetrics(row.result.result.results?.metrics ?? {}).map(([name, value]) => (
                  <div key={name} className={styles.metric}>
                    <dt className={styles.term}>{name}</dt>
                    <dd className={styles.metricValue}>{formatMetric(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>

          <Products results={row.result.result.results ?? {}} />
        </>
      )}
    </div>
  );
}

const legend = [
  { match: 'common', text: 'Common: returned and in the golden set' },
  { match: 'leftover', text: 'Leftover: returned, not in the golden set' },
  { match: 'missing', text: 'Missing: in the golden set, not returned' },
  { match: 'irrelevant', text: 'Judged not relevant' },
] as const;

function Products({ results }: { results: RunResultDetails }) {
  const comparison = { commons: results.commons ?? [], missings: results.missings ?? [], leftovers: results.leftovers ?? [] };
  return (
    <>
      <ul className={styles.legend} aria-label="Legend">
        {legend.map(({ match, text }) => (
          <li key={match}>
            <span className={`${styles.swatch} ${styles.matchBorder[match]}`} aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>Search Results Products</h2>
        <ol className={styles.products} aria-label="Search Results Products">
          {(results.search_results ?? []).map((product) => {
            const match = resultMatch(product.product_id, comparison);
            return (
              <li key={product.product_id} className={`${styles.product} ${styles.matchBorder[match]}`} data-match={match}>
                <ProductImage product={product} />
                <p className={styles.productName}>{product.name ?? product.product_id}</p>
                <p className={styles.productMeta}>{product.product_id}</p>
              </li>
            );
          })}
        </ol>
      </section>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>Golden Set Products</h2>
        <ul className={styles.products} aria-label="Golden Set Products">
          {(results.golden_set ?? []).map((product) => {
            const match = goldenSetMatch(product.product_id, comparison);
            return (
              <li key={product.product_id} className={`${styles.product} ${styles.matchBorder[match]}`} data-match={match}>
                <p className={styles.productName}>{product.product_id}</p>
                <p className={styles.productMeta}>Relevance: {product.relevance}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

/** A product's picture; a missing or broken image shows a placeholder instead. */
function ProductImage({ product }: { product: SearchResultProduct }) {
  const [broken, setBroken] = useState(false);
  const label = product.name ?? product.product_id;
  if (!product.image_url || broken) {
    return (
      <div className={styles.placeholder} role="img" aria-label={`No image for ${label}`}>
        No image
      </div>
    );
  }
  return <img className={styles.image} src={product.image_url} alt={label} onError={() => setBroken(true)} />;
}
