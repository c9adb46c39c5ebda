import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The judging queue: the query on top, one product below it, the grade keys under it.

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.md,
  marginBottom: vars.space.md,
  color: vars.color.textMuted,
});

export const progress = style({ margin: 0, fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const keys = style({ margin: 0 });

export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  maxWidth: '40rem',
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  ':focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});

export const query = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const image = style({
  width: '12rem',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
});

export const placeholder = style([image, { display: 'grid', placeItems: 'center', color: vars.color.textMuted }]);

export const name = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
