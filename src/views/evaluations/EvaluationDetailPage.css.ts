import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
export { term, definition } from '../ui/result-comparison.css';

// An evaluation's facts as a two-column list, and its queries' table.
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
});

// Scores read best in figures of equal width.
export const summary = style({
  fontVariantNumeric: 'tabular-nums',
  minWidth: '14rem',
});

export const nowrap = style({
  whiteSpace: 'nowrap',
});

// Back to Evaluations and Compare with… side by side, wrapping on a narrow screen.
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
