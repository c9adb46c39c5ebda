import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// Run experiment above the runs table, and the watched run's progress panel.

export const controls = style({
  display: 'grid',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const run = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const runHeading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const runSentence = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
});

export const progressLine = style({
  display: 'grid',
  gridTemplateColumns: '1fr max-content',
  alignItems: 'center',
  gap: vars.space.md,
});

export const progress = style({
  width: '100%',
  height: '0.75rem',
  accentColor: vars.color.accent,
});

export const progressText = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const message = style({
  margin: 0,
  color: vars.color.danger,
});

export const retry = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const tags = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  minWidth: '16rem',
});
