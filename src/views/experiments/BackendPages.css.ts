import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The evaluation-backend screens: the script filter, the script's details card, JSON cells.

// In a page header the filter sits right, just before the header's primary button (the last, rightmost).
export const filter = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginLeft: 'auto',
  minWidth: 0,
});

export const filterLabel = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});

// A long script name narrows the select rather than pushing New Experiment out of the header at 1024 px.
export const select = style({
  minWidth: 0,
  maxWidth: '16rem',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  backgroundColor: vars.color.surface,
});

export const notice = style({
  marginBottom: vars.space.md,
});

export const card = style({
  padding: vars.space.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});

export const term = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.bold,
});

export const definition = style({
  margin: 0,
  minWidth: 0,
});

export const json = style({
  margin: 0,
  padding: vars.space.sm,
  overflowX: 'auto',
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
});

export const code = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  wordBreak: 'break-word',
});

export const nowrap = style({
  whiteSpace: 'nowrap',
});
