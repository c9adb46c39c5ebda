import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { pagedListMachine } from '../../machines/shared/paged-list.machine';
import {
  selectCanGoNext,
  selectCanGoPrevious,
  selectItems,
  selectListError,
  selectListView,
  selectPage,
  selectPageCount,
  selectTotal,
  selectTotalIsCapped,
} from '../../machines/shared/paged-list.selectors';
import { Pager } from './Pager';
import { statusMessage } from './status.css';
import { LoadFailure } from './LoadFailure';
import { StatusMessage } from './StatusMessage';

export type PagedListRef = ActorRefFrom<typeof pagedListMachine>;

// Every paged table: 'Loading...', the failure as red text above the table with Try again, the empty text,
// or the rows; then the pager. With `counted`, the server's total above the table and 'Page x of y' (only
// 'Page x' when the total is a lower bound, "10,000+").
export function PagedListFrame<Item>(props: {
  list: PagedListRef;
  failure(error: string | null): string;
  empty(page: number): string;
  /** The total as the list words it ('45 entries'); `capped`: at least that many. */
  counted?(total: number, capped: boolean): string;
  children(items: Item[], page: number): ReactNode;
}) {
  const { list } = props;
  const view = useSelector(list, selectListView);
  const items = useSelector(list, selectItems<Item>);
  const error = useSelector(list, selectListError);
  const page = useSelector(list, selectPage);
  const canNext = useSelector(list, selectCanGoNext);
  const canPrevious = useSelector(list, selectCanGoPrevious);
  const total = useSelector(list, selectTotal);
  const pageCount = useSelector(list, selectPageCount);
  const capped = useSelector(list, selectTotalIsCapped);
  const counted = props.counted && total !== null && view !== 'loading' && view !== 'failed';

  return (
    <>
      {view === 'loading' && <StatusMessage>Loading...</StatusMessage>}
      {view === 'failed' && <LoadFailure onRetry={() => list.send({ type: 'user.retry' })}>{props.failure(error)}</LoadFailure>}
      {view === 'empty' && (
        <p className={statusMessage} role="status">
          {props.empty(page)}
        </p>
      )}
      {counted && <p className={statusMessage}>{props.counted!(total, capped)}</p>}
      {view === 'loaded' && props.children(items, page)}
      {view !== 'loading' && (
        <Pager
          page={page}
          pageCount={props.counted ? pageCount : null}
          canPrevious={canPrevious}
          canNext={canNext}
          onPrevious={() => list.send({ type: 'user.previousPage' })}
          onNext={() => list.send({ type: 'user.nextPage' })}
        />
      )}
    </>
  );
}
