import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
});

export const card = style({
  width: '100%',
  maxWidth: '24rem',
  padding: vars.space.xl,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  textAlign: 'center',
});

export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const error = style({
  margin: `${vars.space.lg} 0 0`,
  color: vars.color.danger,
});

export const errorDetail = style({
  display: 'block',
  marginTop: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const lead = style({
  margin: `0 0 ${vars.space.lg}`,
  color: vars.color.textMuted,
});
