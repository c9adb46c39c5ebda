import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';
export { metric, metricValue, term } from '../ui/result-comparison.css';

// Above a run's results: its mean metrics as a small labelled grid, and the two exports.

export const overview = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  marginBottom: vars.space.lg,
});

export const summary = style({
  flex: '1 1 28rem',
  minWidth: 0,
});

export const summaryTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const metrics = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

export const counts = style({
  margin: `${vars.space.sm} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const note = style({
  margin: 0,
  color: vars.color.textMuted,
});

export const exports = style({
  display: 'grid',
  justifyItems: 'end',
  gap: vars.space.sm,
});

export const exportButtons = style({
  display: 'flex',
  gap: vars.space.sm,
});

export const exportNote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const exportError = style({
  margin: 0,
  color: vars.color.danger,
});

export const breadcrumbs = style({
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const configuration = style({
  margin: `0 0 ${vars.space.md}`,
});

export const configurationLabel = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

// The run's judging actions beside Compare with…, and why one is off.
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const changedNote = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.sm,
  borderLeft: `3px solid ${vars.color.warning}`,
});
