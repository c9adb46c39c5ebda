import { useState, type UIEvent } from 'react';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import * as styles from './DatasetEditorPage.css';

// A fixed-height, scrolling list that renders only the rows in view (plus a few), so ten thousand
// rows cost what twenty do. Rows have one fixed height (ROW_HEIGHT_PX, also in the stylesheet); each row's
// offset reaches CSS as a variable.
export const ROW_HEIGHT_PX = 36;
export const LIST_HEIGHT_PX = 396;
const OVERSCAN = 6;

export type WindowedRow = { id: number; input: string };

export function WindowedList({
  label,
  rows,
  selected,
  onToggle,
  onNearEnd,
}: {
  label: string;
  rows: readonly WindowedRow[];
  selected: ReadonlySet<number>;
  onToggle(id: number): void;
  /** Called when the person scrolls close to the last loaded row. */
  onNearEnd(): void;
}) {
  // Where the list is scrolled is this widget's own business.
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT_PX) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + LIST_HEIGHT_PX) / ROW_HEIGHT_PX) + OVERSCAN);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const target = event.currentTarget;
    setScrollTop(target.scrollTop);
    if (target.scrollTop + target.clientHeight >= target.scrollHeight - ROW_HEIGHT_PX * 10) onNearEnd();
  }

  return (
    <div className={styles.scroller} onScroll={onScroll} tabIndex={-1}>
      <ul
        className={styles.rows}
        aria-label={label}
        aria-multiselectable="true"
        role="listbox"
        style={assignInlineVars({ [styles.listHeight]: `${rows.length * ROW_HEIGHT_PX}px` })}
      >
        {rows.slice(first, last).map((row, index) => {
          const isSelected = selected.has(row.id);
          return (
            <li
              key={row.id}
              role="option"
              aria-selected={isSelected}
              tabIndex={0}
              className={styles.row}
              style={assignInlineVars({ [styles.rowTop]: `${(first + index) * ROW_HEIGHT_PX}px` })}
              onClick={() => onToggle(row.id)}
              onKeyDown={(event) => {
                if (event.key === ' ' || event.key === 'Enter') {
                  event.preventDefault();
                  onToggle(row.id);
                }
              }}
            >
              {row.input}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
