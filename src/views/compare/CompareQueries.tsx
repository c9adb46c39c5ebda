import { useSelector } from '@xstate/react';
import {
  selectAddress,
  selectCanGoNext,
  selectCanGoPrevious,
  selectIsLoading,
  selectOrderApplies,
  selectPageCount,
  selectShownFilter,
  selectTotal,
  type ComparePageRef,
} from '../../machines/compare/compare-page.selectors';
import { FILTER_LABELS, orderLabels } from '../../domain/compare/compare-address';
import {
  COMPARISON_FILTERS,
  COMPARISON_ORDERS,
  type ComparisonFilter,
  type ComparisonOrder,
  type RunComparison,
} from '../../domain/compare/comparison-types';
import { filterCounts } from '../../domain/compare/compare-format';
import { metricLabel } from '../../domain/shared/metric-label';
import { counted, formatCount } from '../../domain/shared/format-count';
import * as backendStyles from '../experiments/BackendPages.css';
import { CompareResultsTable } from './CompareResultsTable';
import * as styles from './CompareResultsTable.css';
import { DeltaHistogram } from './DeltaHistogram';
import { Pager } from '../ui/Pager';
import * as filterBar from '../ui/filter-bar.css';
import { SearchBox } from '../ui/SearchBox';
import { StatusMessage } from '../ui/StatusMessage';

// The chosen metric query by query: the metric, which rows (with how many each has), a search of the query
// text and the order, each a new address; then the histogram of its deltas, the page of rows and the pager.
export function CompareQueries({ page, comparison }: { page: ComparePageRef; comparison: RunComparison }) {
  const address = useSelector(page, selectAddress);
  const loading = useSelector(page, selectIsLoading);
  const total = useSelector(page, selectTotal);
  const pageCount = useSelector(page, selectPageCount);
  const canNext = useSelector(page, selectCanGoNext);
  const canPrevious = useSelector(page, selectCanGoPrevious);
  const orderApplies = useSelector(page, selectOrderApplies);
  const filter = useSelector(page, selectShownFilter);
  const counts = filterCounts(comparison);
  const metric = address.metric || comparison.metric;

  return (
    <section aria-labelledby="compare-queries-title">
      <h2 id="compare-queries-title" className={styles.title}>
        Per query
      </h2>
      <div className={filterBar.bar}>
        <label className={styles.control}>
          Metric
          <select
            className={backendStyles.select}
            value={metric}
            onChange={(event) => page.send({ type: 'user.metricChosen', metric: event.target.value })}
          >
            {comparison.metrics.map(({ name }) => (
              <option key={name} value={name}>
                {metricLabel(name)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.control}>
          Show
          <select
            className={backendStyles.select}
            value={filter}
            onChange={(event) => page.send({ type: 'user.filterChosen', filter: event.target.value as ComparisonFilter })}
          >
            {COMPARISON_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {`${FILTER_LABELS[filter]} (${formatCount(counts[filter])})`}
              </option>
            ))}
          </select>
        </label>
        <SearchBox label="Search queries" value={address.search} onSearch={(text) => page.send({ type: 'user.searched', search: text })} />
        <label className={styles.control}>
          Order
          <select
            className={backendStyles.select}
            value={address.order}
            disabled={!orderApplies}
            title={orderApplies ? undefined : 'Queries only one run has are listed by query text.'}
            onChange={(event) => page.send({ type: 'user.orderChosen', order: event.target.value as ComparisonOrder })}
          >
            {COMPARISON_ORDERS.map((order) => (
              <option key={order} value={order}>
                {orderLabels(filter)[order]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {loading ? (
        <StatusMessage>Loading...</StatusMessage>
      ) : (
        <>
          <DeltaHistogram comparison={comparison} />
          {total !== null && <p className={styles.count}>{counted(total, 'query', 'queries')}</p>}
          <CompareResultsTable comparison={comparison} address={address} filter={filter} />
          <Pager
            page={address.page}
            pageCount={pageCount}
            canPrevious={canPrevious}
            canNext={canNext}
            onPrevious={() => page.send({ type: 'user.previousPage' })}
            onNext={() => page.send({ type: 'user.nextPage' })}
          />
        </>
      )}
    </section>
  );
}
