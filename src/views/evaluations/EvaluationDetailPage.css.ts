import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const caption = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

// Scores read best in figures of equal width.
export const summary = style({
  fontVariantNumeric: 'tabular-nums',
});

export const nowrap = style({
  whiteSpace: 'nowrap',
});
