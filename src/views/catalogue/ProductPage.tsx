import { Fragment } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'wouter';
import { selectProduct, selectProductError, selectProductId, selectProductView } from '../../machines/catalogue/product-details.selectors';
import { attributesJson, productIdFromRoute } from '../../domain/catalogue/catalogue';
import { formatDateTime } from '../../domain/shared/format-date';
import * as detailStyles from '../experiments/BackendPages.css';
import * as styles from './CataloguePage.css';
import { useLogic } from '../shell/logic-context';
import { Thumbnail } from '../ui/Thumbnail';
import { button } from '../ui/button.css';
import * as pageStyles from '../ui/page.css';
import { errorMessage } from '../ui/status.css';
import { LoadFailure } from '../ui/LoadFailure';
import { StatusMessage } from '../ui/StatusMessage';
import { DemoBadge } from '../ui/DemoBadge';

// /catalogue/products/{productId}: every field of one product, its attributes as JSON. A new product
// in the address is a new page (the key), with its own actor.
export function ProductPage() {
  const { productId = '' } = useParams<{ productId: string }>();
  const id = productIdFromRoute(productId);
  return <ProductDetails key={id} productId={id} />;
}

function ProductDetails({ productId }: { productId: string }) {
  const logic = useLogic();
  const actor = useActorRef(logic.productDetails, { input: { productId } });
  const view = useSelector(actor, selectProductView);
  const product = useSelector(actor, selectProduct);
  const error = useSelector(actor, selectProductError);
  const shownId = useSelector(actor, selectProductId);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        <div className={pageStyles.titleRow}>
          <h1 className={pageStyles.title}>{product?.name ?? 'Product'}</h1>
          <DemoBadge demo={product?.demo} />
        </div>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'user.back' })}>
          Back
        </button>
      </div>
      {view === 'loading' && <StatusMessage>Loading...</StatusMessage>}
      {view === 'missing' && (
        <p className={errorMessage} role="alert">
          Product not found: {shownId}
        </p>
      )}
      {view === 'failed' && (
        <LoadFailure onRetry={() => actor.send({ type: 'user.retry' })}>Failed to fetch the product. {error}</LoadFailure>
      )}
      {view === 'loaded' && product && (
        <section className={detailStyles.card} aria-label="Product details">
          <dl className={detailStyles.details}>
            {(
              [
                ['Product ID', product.product_id],
                ['Name', product.name],
                ['Description', product.description],
              ] as const
            ).map(([term, value]) => (
              <Fragment key={term}>
                <dt className={detailStyles.term}>{term}</dt>
                <dd className={`${detailStyles.definition} ${styles.breakable}`}>{value}</dd>
              </Fragment>
            ))}
            <dt className={detailStyles.term}>Image</dt>
            <dd className={`${detailStyles.definition} ${styles.breakable}`}>
              {product.image_url ? (
                <>
                  <Thumbnail url={product.image_url} className={styles.picture} alt={product.name} />
                  {product.image_url}
                </>
              ) : (
                <span className={styles.muted}>No image</span>
              )}
            </dd>
            <dt className={detailStyles.term}>Attributes</dt>
            <dd className={detailStyles.definition}>
              {/* A scroll region: focusable, so keyboard users can scroll it. */}
              <pre className={detailStyles.json} tabIndex={0} aria-label="Attributes (JSON)">
                {attributesJson(product.attributes)}
              </pre>
            </dd>
            <dt className={detailStyles.term}>Created At</dt>
            <dd className={detailStyles.definition}>{formatDateTime(product.created_at)}</dd>
            <dt className={detailStyles.term}>Updated At</dt>
            <dd className={detailStyles.definition}>{formatDateTime(product.updated_at)}</dd>
          </dl>
        </section>
      )}
    </div>
  );
}
