import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The pieces the result-versus-reference screens share (run result details, test case): sections,
// the definition list, the metrics grid, the colour legend and product captions.

export const section = style({
  marginBottom: vars.space.lg,
});

export const sectionTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const term = style({
  color: vars.color.textMuted,
  // Long metric names (`average_precision`, `ndcg@10_exp`) wrap inside their card instead of spilling out.
  overflowWrap: 'anywhere',
  minWidth: 0,
});

export const definition = style({
  margin: 0,
});

export const metric = style({
  minWidth: 0,
  padding: vars.space.sm,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const metricValue = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const swatch = style({
  display: 'inline-block',
  width: '1rem',
  height: '1rem',
  marginRight: vars.space.xs,
  verticalAlign: 'middle',
  // Width and style only: the colour comes from the page's colour class, which a shorthand here would override.
  borderWidth: '3px',
  borderStyle: 'solid',
  borderRadius: vars.radius.sm,
});

export const productMeta = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
