import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
import { code } from '../experiments/BackendPages.css';

// The run results' filters (statuses as checkboxes, the sort) and the one-line configuration cell.

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

/** One line, cut with an ellipsis; hover shows the title, focus (Tab) unfolds the whole text. */
export const oneLine = style([
  code,
  {
    display: 'block',
    maxWidth: '12rem',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
    selectors: { '&:focus': { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
  },
]);

/** The test result reads on a few lines rather than one word per line. */
export const testResult = style({ minWidth: '14rem' });
