import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
export { section, sectionTitle, term, definition, metric, metricValue, legend, swatch, productMeta } from '../ui/result-comparison.css';

// Search results framed green when common, orange when leftover; golden-set products green
// when common, red when missing. The theme's orange is its second chart colour.
export const matchBorder = styleVariants({
  common: { borderColor: vars.color.success },
  leftover: { borderColor: vars.color.chart2 },
  missing: { borderColor: vars.color.danger },
  irrelevant: { borderColor: vars.color.border },
});

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
});

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: `0 0 ${vars.space.sm}`,
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
});

export const metrics = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

export const products = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const product = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  backgroundColor: vars.color.surface,
  borderWidth: '3px',
  borderStyle: 'solid',
  borderRadius: vars.radius.sm,
});

export const image = style({
  width: '100%',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
});

export const placeholder = style([
  image,
  {
    display: 'grid',
    placeItems: 'center',
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
  },
]);

export const productName = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

// A product's catalogue description, cut to three lines so that rows stay compact.
export const productDescription = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

/** The returned products and the golden set side by side on a wide screen, as the test case page lays them out. */
export const comparison = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(24rem, 100%), 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
});

// An unjudged product's grade buttons, under its caption.
export const grades = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
