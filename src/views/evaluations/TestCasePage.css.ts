import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
export { section, sectionTitle, term, definition, metric, metricValue, legend, swatch, productMeta } from '../ui/result-comparison.css';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
});

export const metrics = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.sm}`,
});

export const ndcgSummary = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
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

export const matchLabel = style({
  alignSelf: 'center',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});
