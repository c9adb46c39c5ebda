import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A wide table scrolls sideways inside its card, so the page itself never does (1024 px screens). Cells
// keep a small padding so that a list's usual columns fit its card at 1024 px without scrolling.
export const card = style({
  maxWidth: '100%',
  overflowX: 'auto',
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { [`${card} > &`]: { border: 'none' } },
});

export const headCell = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});

export const cell = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
});

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  marginTop: vars.space.md,
});

/** A cell of free text (a name, a description, a summary): a long unbroken word wraps here instead of pushing the last column out of the card. */
export const textCell = style({ minWidth: '8rem', overflowWrap: 'anywhere' });

/** A cell's secondary text (an id beside a name). */
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

// A link in such a cell (an experiment's name) wraps like the cell's own text.
globalStyle(`${textCell} a`, { overflowWrap: 'anywhere' });
