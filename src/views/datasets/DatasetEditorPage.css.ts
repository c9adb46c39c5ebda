import { createVar, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../ui/theme.css';

/** Where a windowed row sits and how tall the whole list is, set per row by the view. */
export const rowTop = createVar();
export const listHeight = createVar();

export const columns = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.lg,
  alignItems: 'start',
});

export const panel = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const panelTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const filter = style({
  width: '100%',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
});

// Each list has a fixed height and scrolls (11 rows of 36px).
export const scroller = style({
  height: '396px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  position: 'relative',
});

export const rows = style({
  position: 'relative',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  height: listHeight,
});

export const row = recipe({
  base: {
    position: 'absolute',
    left: 0,
    right: 0,
    top: rowTop,
    height: '36px',
    padding: `0 ${vars.space.sm}`,
    lineHeight: '36px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'pointer',
    borderBottom: `1px solid ${vars.color.border}`,
    selectors: {
      '&:hover': { backgroundColor: vars.color.background },
      '&[aria-selected="true"]': { backgroundColor: vars.color.selected, fontWeight: vars.fontWeight.bold },
    },
  },
  variants: {
    // The keyboard's row while the listbox has focus: an inset ring, so the scroller cannot clip it.
    active: {
      true: { selectors: { [`${scroller}:focus &`]: { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' } } },
      false: {},
    },
  },
});

export const empty = style({
  margin: 0,
  padding: vars.space.md,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const note = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const panelActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const headerActions = style({ display: 'flex', gap: vars.space.sm, flexShrink: 0 });
