import { globalStyle, style } from '@vanilla-extract/css';
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

/** The axes' titles: the run number under the chart, the metric's name up its left side. */
export const chartTitle = style({ fill: vars.color.text, fontSize: '12px', fontWeight: vars.fontWeight.bold });

export const mean = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** Compare (two runs, query by query) above the runs table, with what it will compare in words. */
/** Compare and the runs table: no wider than the page, so the table's card scrolls instead of the page. */
export const runsBlock = style({ minWidth: 0 });

export const compareBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.sm });

export const compareHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A run's tags wrap inside a narrow cell, however many there are, so Details stays inside the card. */
export const tagsCell = style({ minWidth: '7rem', maxWidth: '14rem' });

/** What the run's target asked: the request on one line, the body's template under it, both wrapping anywhere. */
export const targetCell = style({ minWidth: '12rem', maxWidth: '22rem' });

export const targetRequest = style({ display: 'block', fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const targetBody = style({
  display: 'block',
  color: vars.color.textMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/** The two checked runs' differences, between Compare and the table. */
export const differences = style({ marginBottom: vars.space.md });

/** A date breaks between day and time rather than widening the table. */
export const date = style({ minWidth: '6rem' });

/** The run's number and its Compare checkbox, side by side. */
export const runCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, whiteSpace: 'nowrap' });

// The runs table has more columns than a 1024 px screen holds, so it scrolls inside its card; the run's number
// (first column) and Details (last) stay pinned to the card's edges, so a row's way forward is always in view.
export const runsTable = style({});

globalStyle(`${runsTable} :is(th, td):is(:first-child, :last-child)`, {
  position: 'sticky',
  zIndex: 1,
  backgroundColor: vars.color.surface,
});

globalStyle(`${runsTable} :is(th, td):first-child`, { left: 0 });

globalStyle(`${runsTable} :is(th, td):last-child`, { right: 0 });
