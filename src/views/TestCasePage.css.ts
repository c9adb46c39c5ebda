import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
});

export const term = style({
  color: vars.color.textMuted,
});

export const definition = style({
  margin: 0,
});

export const section = style({
  marginBottom: vars.space.lg,
});

export const sectionTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const metrics = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.sm}`,
});

export const metric = style({
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

export const ndcgSummary = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
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
  // Width and style only: the colour comes from the tone class, which a shorthand here would override.
  borderWidth: '3px',
  borderStyle: 'solid',
  borderRadius: vars.radius.sm,
});

export const comparison = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))',
  gap: vars.space.lg,
});

export const productList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const product = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.sm,
  backgroundColor: vars.color.surface,
  borderWidth: '3px',
  borderStyle: 'solid',
  borderRadius: vars.radius.sm,
});

export const productName = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
});

export const productMeta = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const matchLabel = style({
  alignSelf: 'center',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});
