import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// Under the header: the name of the last file an export saved; nothing (and no room) before that.
export const exportNote = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&:empty': { margin: 0 } },
});
