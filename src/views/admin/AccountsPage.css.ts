import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// /accounts: the role select inside a row, the "you" beside one's own name, a field's rule, the notices.

export const roleSelect = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  selectors: { '&:disabled': { backgroundColor: vars.color.background } },
});

export const you = style({
  marginLeft: vars.space.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
  fontSize: vars.fontSize.sm,
});

export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

// Says whose password was reset; nothing (and no room) before that.
export const notice = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  selectors: { '&:empty': { margin: 0 } },
});
