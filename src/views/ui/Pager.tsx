import { button } from './button.css';
import * as table from './table.css';

// Page-number paging under a table: the list machine decides what is possible. 'Page x of y' when
// the list shows its total.
export function Pager(props: {
  page: number;
  pageCount?: number | null;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious(): void;
  onNext(): void;
}) {
  return (
    <nav className={table.pager} aria-label="Pagination">
      <button
        type="button"
        className={button({ tone: 'secondary', size: 'small' })}
        disabled={!props.canPrevious}
        onClick={props.onPrevious}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {props.page}
        {props.pageCount != null && ` of ${props.pageCount}`}
      </span>
      <button type="button" className={button({ tone: 'secondary', size: 'small' })} disabled={!props.canNext} onClick={props.onNext}>
        Next
      </button>
    </nav>
  );
}
