import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import * as styles from '../datasets/DatasetEditorPage.css';

// A fixed-height, scrolling multi-select listbox that renders only the rows in view (plus a few), so ten
// thousand rows cost what twenty do. It is one Tab stop: the listbox itself holds the focus and points at the
// active option with aria-activedescendant (roving tabindex cannot work when the focused row may be unrendered);
// the active row is always rendered and scrolled into view. Rows have one fixed height (ROW_HEIGHT_PX, also in
// the stylesheet); each row's offset reaches CSS as a variable.
const ROW_HEIGHT_PX = 36;
const LIST_HEIGHT_PX = 396;
const OVERSCAN = 6;

export type WindowedRow = { id: number; input: string };

export function WindowedList({
  label,
  rows,
  selected,
  activeId,
  onToggle,
  onExtend,
  onKeyDown,
  onNearEnd,
}: {
  label: string;
  rows: readonly WindowedRow[];
  selected: ReadonlySet<number>;
  /** The option the keyboard is on. */
  activeId: number | null;
  onToggle(id: number): void;
  /** Shift+click. */
  onExtend(id: number): void;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  /** Called when the person scrolls close to the last loaded row. */
  onNearEnd(): void;
}) {
  const optionIdPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // Where the list is scrolled is this widget's own business.
  const [scrollTop, setScrollTop] = useState(0);
  const activeIndex = activeId === null ? -1 : rows.findIndex((row) => row.id === activeId);

  // Keep the active row in view: the keyboard may move it past either edge.
  useLayoutEffect(() => {
    if (activeIndex < 0) return;
    const top = activeIndex * ROW_HEIGHT_PX;
    const next =
      top < scrollTop ? top : top + ROW_HEIGHT_PX > scrollTop + LIST_HEIGHT_PX ? top + ROW_HEIGHT_PX - LIST_HEIGHT_PX : scrollTop;
    if (next === scrollTop) return;
    if (scroller.current) scroller.current.scrollTop = next;
    setScrollTop(next);
  }, [activeIndex]); // Only a move of the active row scrolls; the person's own scrolling is left alone.

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT_PX) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + LIST_HEIGHT_PX) / ROW_HEIGHT_PX) + OVERSCAN);
  const optionId = (id: number) => `${optionIdPrefix}-option-${id}`;

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const target = event.currentTarget;
    setScrollTop(target.scrollTop);
    if (target.scrollTop + target.clientHeight >= target.scrollHeight - ROW_HEIGHT_PX * 10) onNearEnd();
  }

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={onScroll}
      role="listbox"
      aria-label={label}
      aria-multiselectable="true"
      aria-activedescendant={activeIndex >= 0 ? optionId(activeId!) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <ul className={styles.rows} role="presentation" style={assignInlineVars({ [styles.listHeight]: `${rows.length * ROW_HEIGHT_PX}px` })}>
        {rows.slice(first, last).map((row, index) => (
          <li
            key={row.id}
            id={optionId(row.id)}
            role="option"
            aria-selected={selected.has(row.id)}
            className={styles.row({ active: row.id === activeId })}
            style={assignInlineVars({ [styles.rowTop]: `${(first + index) * ROW_HEIGHT_PX}px` })}
            onClick={(event) => (event.shiftKey ? onExtend(row.id) : onToggle(row.id))}
          >
            {row.input}
          </li>
        ))}
      </ul>
    </div>
  );
}
