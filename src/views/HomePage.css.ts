import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const page = style({
  maxWidth: '48rem',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
});

export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const lead = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});
