import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The delta histogram: red bars left of 0 (worse), green right of it (better), a dashed line at 0.

export const figure = style({ margin: `0 0 ${vars.space.md}` });

export const caption = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm, marginBottom: vars.space.xs });

export const chart = style({ width: '100%', maxWidth: '48rem', height: 'auto', overflow: 'visible' });

export const bar = styleVariants({
  regression: { fill: vars.color.danger },
  improvement: { fill: vars.color.success },
});

export const grid = style({ stroke: vars.color.border });

export const axis = style({ stroke: vars.color.textMuted });

export const zero = style({ stroke: vars.color.text, strokeDasharray: '4 3' });

export const label = style({ fill: vars.color.textMuted, fontSize: '11px' });

export const note = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
