import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const panel = style({
  margin: `0 0 ${vars.space.lg}`,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const steps = style({
  display: 'grid',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: `${vars.space.md} 0 0`,
  padding: 0,
});

export const step = style({ display: 'grid', gridTemplateColumns: '1.5rem 1fr', columnGap: vars.space.sm });

export const tick = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.25rem',
  height: '1.25rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '50%',
  fontSize: vars.fontSize.sm,
  selectors: {
    '[data-done="true"] > &': { backgroundColor: vars.color.success, borderColor: vars.color.success, color: vars.color.accentText },
  },
});

export const hint = style({ gridColumn: 2, margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
