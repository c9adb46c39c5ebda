import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const picker = style({ position: 'relative', display: 'grid', gap: vars.space.xs });

export const trigger = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  width: '100%',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:disabled': { backgroundColor: vars.color.background, cursor: 'not-allowed' } },
});

export const menu = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: 30,
  maxHeight: '14rem',
  overflowY: 'auto',
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.xs,
  listStyle: 'none',
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.menu,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-within': { backgroundColor: vars.color.selected } },
});

export const menuNote = style({ margin: 0, padding: vars.space.sm, color: vars.color.textMuted });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
