import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// Rescore's choice of raters and rule: a small panel under the run's actions.

export const choice = style({
  display: 'grid',
  gap: vars.space.sm,
  flexBasis: '100%',
  maxWidth: '28rem',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const raters = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  border: 'none',
  padding: 0,
});

export const rater = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const note = style({
  margin: 0,
  color: vars.color.textMuted,
});

export const buttons = style({
  display: 'flex',
  gap: vars.space.sm,
});
