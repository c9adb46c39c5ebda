import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The experiment page's Schedule and Alerts panels.

export const panel = style({
  padding: vars.space.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg });

export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });

export const cronInput = style({
  fontFamily: 'monospace',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  minWidth: '12rem',
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const facts = style({ margin: 0, display: 'flex', gap: vars.space.lg, fontSize: vars.fontSize.sm });

export const code = style({ fontFamily: 'monospace', overflowWrap: 'anywhere' });
