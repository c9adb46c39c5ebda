import { style } from '@vanilla-extract/css';
import type { CountKey } from '../../domain/dashboard/monthly-activity';
import { vars } from '../ui/theme.css';

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.md,
  listStyle: 'none',
  margin: `0 0 ${vars.space.lg}`,
  padding: 0,
});

export const card = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.accent } },
});

export const cardLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const cardCount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const charts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(22rem, 1fr))',
  gap: vars.space.lg,
});

export const chart = style({
  margin: 0,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const chartTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const svg = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  color: vars.color.text,
  fontFamily: vars.font.body,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  listStyle: 'none',
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
  fontSize: vars.fontSize.sm,
});

export const legendItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const swatch = style({
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: '2px',
});

// One colour per series, whichever chart shows it: Evaluations look the same in the bars and in the pie.
export const series: Record<CountKey, string> = {
  datasets: vars.color.chart1,
  datasetEntries: vars.color.chart2,
  goldenSets: vars.color.chart3,
  evaluations: vars.color.chart4,
  experiments: vars.color.chart5,
};

export const swatches = Object.fromEntries(
  Object.entries(series).map(([key, color]) => [key, style({ backgroundColor: color })]),
) as Record<CountKey, string>;

/** The activity's failure, between the counts' and the cards. */
export const failure = style({ marginBottom: vars.space.md });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
