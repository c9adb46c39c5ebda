import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The runs page: the experiment's card, the trend chart, and in the runs table a failed run's error under
// its status badge and the means.

export const runError = style({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const overviewHeading = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });

export const experimentName = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const description = style({ margin: `${vars.space.xs} 0 ${vars.space.md}`, color: vars.color.textMuted });

export const blockers = style({
  marginTop: vars.space.md,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.sm,
});

export const sections = style({ display: 'grid', gap: vars.space.lg, marginBottom: vars.space.lg });

export const chart = style({ width: '100%', maxWidth: '48rem', height: 'auto', overflow: 'visible' });

export const chartLine = style({ fill: 'none', stroke: vars.color.chart1, strokeWidth: 2 });

export const chartPoint = style({ fill: vars.color.chart1, selectors: { 'a:focus > &, a:hover > &': { fill: vars.color.accent } } });

export const chartAxis = style({ stroke: vars.color.border });

export const chartLabel = style({ fill: vars.color.textMuted, fontSize: '11px' });

export const mean = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** Compare (two runs, query by query) above the runs table, with what it will compare in words. */
/** Compare and the runs table: no wider than the page, so the table's card scrolls instead of the page. */
export const runsBlock = style({ minWidth: 0 });

export const compareBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.sm });

export const compareHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
