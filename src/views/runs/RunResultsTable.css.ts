import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The run results' filters (statuses as checkboxes, the sort), the two-line input and the metric columns.

export const statuses = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
});

export const legend = style({
  float: 'left',
  marginRight: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const sort = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

/** The test result reads on a few lines rather than one word per line. */
export const testResult = style({ minWidth: '14rem' });

/** An input cut to two lines; the whole text on hover (the title) and on focus. */
export const twoLines = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  maxWidth: '28rem',
  overflow: 'hidden',
  selectors: {
    '&:focus': { WebkitLineClamp: 'unset', whiteSpace: 'pre-wrap', outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** A metric's value, lined up by its decimals. */
export const metric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** A sortable column's header: the whole header is the button. */
export const sortHeader = style({
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  fontWeight: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  textDecoration: 'underline dotted',
});
