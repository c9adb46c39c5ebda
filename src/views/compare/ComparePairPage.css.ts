import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
export { matchBorder } from '../runs/RunResultDetailsPage.css';
export { section, sectionTitle, legend, swatch, productMeta } from '../ui/result-comparison.css';

// One query's two results side by side on a wide screen, one above the other on a narrow one; each
// row framed on its left in the colour of what it is to the golden set, as on the result details screen.

export const breadcrumbs = style({
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const sides = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(26rem, 100%), 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
  marginBottom: vars.space.lg,
});

export const row = style({
  borderLeftWidth: '4px',
  borderLeftStyle: 'solid',
});

export const rank = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const productName = style({ margin: 0, fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

/** A move up reads green, down or dropped red, new in the accent colour; the same place is muted. */
export const move = styleVariants({
  up: { color: vars.color.success, fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' },
  down: { color: vars.color.danger, fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' },
  dropped: { color: vars.color.danger, fontWeight: vars.fontWeight.bold },
  new: { color: vars.color.accent, fontWeight: vars.fontWeight.bold },
  same: { color: vars.color.textMuted },
});

export const delta = styleVariants({
  better: { color: vars.color.success, fontWeight: vars.fontWeight.bold },
  worse: { color: vars.color.danger, fontWeight: vars.fontWeight.bold },
  neutral: { color: vars.color.textMuted },
});

export const number = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'right' });

/** The metric the comparison is about (from the address), set apart from the others. */
export const chosen = style({ backgroundColor: vars.color.selected, fontWeight: vars.fontWeight.bold });

export const chosenMark = style({
  marginLeft: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const missings = style({ margin: `${vars.space.md} 0 0`, paddingLeft: vars.space.lg });

export const note = style({ margin: `${vars.space.sm} 0`, color: vars.color.textMuted });

export const warning = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.warning });

export const metrics = style({ maxWidth: '48rem' });

/** Metric names read from the left, as in the comparison's summary. */
export const metricName = style({ textAlign: 'left' });
