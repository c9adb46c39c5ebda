import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: `${vars.space.md} 0` });

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const few = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  gap: vars.space.xs,
  padding: `0 ${vars.space.xs} 0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.selected,
  fontSize: vars.fontSize.sm,
});

export const chipClear = style({
  appearance: 'none',
  border: 0,
  background: 'none',
  padding: `0 ${vars.space.xs}`,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
});
