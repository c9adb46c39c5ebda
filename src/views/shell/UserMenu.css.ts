import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const root = style({
  position: 'relative',
});

export const trigger = style({
  appearance: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '50%',
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-expanded="true"]': { borderColor: vars.color.accent, color: vars.color.accent },
  },
});

export const icon = style({
  width: '1.25rem',
  height: '1.25rem',
});

export const menu = style({
  position: 'absolute',
  right: 0,
  top: `calc(100% + ${vars.space.xs})`,
  minWidth: '10rem',
  margin: 0,
  padding: vars.space.xs,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.menu,
  zIndex: 10,
});

export const item = style({
  appearance: 'none',
  display: 'block',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus-visible': { backgroundColor: vars.color.background },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

/** "alice · Curator" beside the menu's button. */
export const identity = style({
  margin: `0 ${vars.space.sm} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});
