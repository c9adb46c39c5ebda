import { useId, useState, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useHistoryState } from 'wouter/use-browser-location';
import type { ActorRefFrom } from 'xstate';
import type { PassedRunResult, runResultDetailsMachine } from '../../machines/runs/run-result-details.machine';
import {
  selectCanGoBack,
  selectError,
  selectIsFailed,
  selectIsLoading,
  selectIsMissing,
  selectMetricsOpen,
  selectCatalogue,
  selectNames,
  selectPassed,
  selectJudgedHere,
  selectSaveError,
  selectScale,
} from '../../machines/runs/run-result-details.selectors';
import { gradeName, gradesOf, queueKey } from '../../domain/judging/judge-queue';
import type { GradeScale } from '../../domain/judging/judging-types';
import type { RunResultDetails, SearchResultProduct } from '../../domain/experiments/evaluation-backend-types';
import type { CatalogueFacts } from '../../domain/experiments/workbench-types';
import { formatDateTime } from '../../domain/shared/format-date';
import { formatMetric, orderedMetrics } from '../../domain/shared/format-metric';
import { metricLabel } from '../../domain/shared/metric-label';
import { imageSource } from '../../domain/catalogue/image-source';
import { readPassedRunResult } from '../../domain/runs/passed-run-result';
import { judgedProducts, LEGEND, returnedProducts, ROLE_LABELS } from '../../domain/runs/result-products';
import { runResultStatusTone } from '../../domain/shared/status-colours';
import { refusalNote } from '../../domain/shell/roles';
import { messages } from '../ui/backend-messages';
import * as styles from './RunResultDetailsPage.css';
import { useLogic } from '../shell/logic-context';
import { useOrigin } from '../shell/use-origin';
import { useRefusal } from '../shell/role-context';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { statusBadge, statusBadgeTone } from '../ui/status-badge.css';
import { errorMessage } from '../ui/status.css';
import { KeyAttributes } from '../ui/KeyAttributes';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';

/**
 * The route: the row arrives as the browser history's state, put there by the results table; else it is fetched
 * by id. The same state says where the person came from, for 'Back to Results'.
 */
export function RunResultDetailsRoute({ id }: { id: number | null }) {
  const state: unknown = useHistoryState();
  const origin = useOrigin();
  const passed = readPassedRunResult(state, id);
  return <RunResultDetailsPage key={`${id}:${passed ? 'passed' : 'fetched'}`} passed={passed} resultId={id} origin={origin} />;
}

// /experiment-run-result-details/{id}: the passed row's metrics (a grid that folds away), the
// legend, the search results (image and name) and the golden set (product id and relevance), framed
// by how each relates to the other list.
export function RunResultDetailsPage(input: { passed: PassedRunResult | null; resultId: number | null; origin?: string | null }) {
  const logic = useLogic();
  const actor = useActorRef(logic.runResultDetails, { input });
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsFailed);
  const error = useSelector(actor, selectError);
  const names = useSelector(actor, selectNames);
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
      {loading ? (
        <StatusMessage>Loading...</StatusMessage>
      ) : failed ? (
        <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>{error}</LoadFailure>
      ) : missing || !row ? (
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
                    <dt className={styles.term}>{metricLabel(name)}</dt>
                    <dd className={styles.metricValue}>{formatMetric(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>

          <Products results={row.result.result.results ?? {}} names={names} actor={actor} />
        </>
      )}
    </div>
  );
}

type DetailsActor = ActorRefFrom<typeof runResultDetailsMachine>;

// A role that may not judge sees no grade buttons (nor keys), and a note why where they would be.
function Products({ results, names, actor }: { results: RunResultDetails; names: Record<string, string>; actor: DetailsActor }) {
  const catalogue = useSelector(actor, selectCatalogue);
  const refusal = useRefusal('judgement.change');
  const target = useSelector(actor, selectScale);
  const scale = refusal === null ? target : null;
  const judgedHere = useSelector(actor, selectJudgedHere);
  const saveError = useSelector(actor, selectSaveError);
  const products = returnedProducts(results, judgedHere);
  return (
    <>
      <ul className={styles.legend} aria-label="Legend">
        {LEGEND.map(({ role, text }) => (
          <li key={role}>
            <span className={`${styles.swatch} ${styles.matchBorder[role]}`} aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <div className={styles.comparison}>
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>Search Results Products</h2>
          {target && refusal !== null && products.some(({ unjudged }) => unjudged) && (
            <p className={styles.productMeta} role="note">
              {refusalNote('Grading the unjudged products', refusal)}
            </p>
          )}
          <ol className={styles.products} aria-label="Search Results Products">
            {products.map(({ rank, product, role, grade, unjudged }) => (
              <li
                key={product.product_id}
                className={`${styles.product} ${styles.matchBorder[role]}`}
                data-match={role}
                // An unjudged product takes the grade keys while it (or one of its buttons) has the focus.
                tabIndex={scale && unjudged ? 0 : undefined}
                onKeyDown={scale && unjudged ? gradeKeys(actor, scale, product.product_id) : undefined}
              >
                <p className={styles.productMeta}>
                  #{rank} · {ROLE_LABELS[role]} · {grade}
                </p>
                <ProductImage product={product} />
                <p className={styles.productName}>{product.name ?? product.product_id}</p>
                <p className={styles.productMeta}>{product.product_id}</p>
                <CatalogueFactsOf facts={catalogue[product.product_id]} label={product.name ?? product.product_id} />
                {scale && unjudged && (
                  <InPlaceGrade actor={actor} scale={scale} productId={product.product_id} current={judgedHere[product.product_id]} />
                )}
              </li>
            ))}
          </ol>
          {saveError && (
            <p className={errorMessage} role="alert">
              {saveError}
            </p>
          )}
        </section>
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>Golden Set Products</h2>
          <ul className={styles.products} aria-label="Golden Set Products">
            {judgedProducts(results, names).map(({ product, name, role }) => (
              <li key={product.product_id} className={`${styles.product} ${styles.matchBorder[role]}`} data-match={role}>
                <p className={styles.productMeta}>{ROLE_LABELS[role]}</p>
                <p className={styles.productName}>{name ?? product.product_id}</p>
                {name !== undefined && <p className={styles.productMeta}>{product.product_id}</p>}
                <p className={styles.productMeta}>Relevance: {product.relevance}</p>
                <CatalogueFactsOf facts={catalogue[product.product_id]} label={name ?? product.product_id} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

/** What the catalogue holds of a product: its description and key attributes; nothing for a product it does not hold. */
function CatalogueFactsOf({ facts, label }: { facts: CatalogueFacts | undefined; label: string }) {
  if (!facts) return null;
  return (
    <>
      {facts.description && <p className={styles.productDescription}>{facts.description}</p>}
      <KeyAttributes attributes={facts.attributes} label={`Attributes of ${label}`} />
    </>
  );
}

/** Digit keys within the scale grade the product. */
function gradeKeys(actor: DetailsActor, scale: GradeScale, productId: string) {
  return (event: KeyboardEvent) => {
    const key = event.ctrlKey || event.metaKey || event.altKey ? null : queueKey(event.key, scale.max_grade);
    if (key?.type !== 'grade') return;
    event.preventDefault();
    actor.send({ type: 'user.grade', productId, grade: key.grade });
  };
}

/** The scale's grades as buttons: the product goes into the run's golden set at once. */
function InPlaceGrade(props: { actor: DetailsActor; scale: GradeScale; productId: string; current: number | undefined }) {
  return (
    <div className={styles.grades} role="group" aria-label={`Grade ${props.productId}`}>
      {gradesOf(props.scale).map((grade) => (
        <button
          key={grade}
          type="button"
          className={button({ tone: props.current === grade ? 'primary' : 'secondary', size: 'small' })}
          aria-pressed={props.current === grade}
          aria-label={gradeName(props.scale, grade)}
          onClick={() => props.actor.send({ type: 'user.grade', productId: props.productId, grade })}
        >
          {grade}
        </button>
      ))}
    </div>
  );
}

/**
 * A product's picture; a broken or unshowable (imageSource) image shows a placeholder instead. A product
 * without an image takes no room at all, so a catalogue without pictures gives compact rows.
 */
function ProductImage({ product }: { product: SearchResultProduct }) {
  const [broken, setBroken] = useState(false);
  const label = product.name ?? product.product_id;
  const source = imageSource(product.image_url);
  if (!product.image_url) return null;
  if (!source || broken) {
    return (
      <div className={styles.placeholder} role="img" aria-label={`No image for ${label}`}>
        No image
      </div>
    );
  }
  return <img className={styles.image} src={source} alt={label} onError={() => setBroken(true)} />;
}
