import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The per-query section: its controls, the count, and deltas coloured by direction (the sign says it too).

export const title = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const control = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

export const count = style({ margin: `${vars.space.sm} 0`, color: vars.color.textMuted });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const delta = styleVariants({
  regression: { color: vars.color.danger, fontWeight: vars.fontWeight.bold },
  improvement: { color: vars.color.success, fontWeight: vars.fontWeight.bold },
  unchanged: { color: vars.color.textMuted },
  unpaired: { color: vars.color.textMuted },
});
