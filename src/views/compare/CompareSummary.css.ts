import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The paired statistics table: numbers aligned, the chosen metric's row tinted, significance bold with a label
// (its colour the verdict's tone).

export const summary = style({ marginBottom: vars.space.lg });

export const title = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const note = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const chosen = style({ backgroundColor: vars.color.selected });

export const significant = style({ fontWeight: vars.fontWeight.bold });

// Under its p-value, not beside it: the nine columns then fit a laptop's width.
export const significantLabel = style({
  display: 'block',
  width: 'fit-content',
  marginTop: '2px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
});
