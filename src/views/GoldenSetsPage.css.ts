import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The upload dialog's list of the server's problems: scrolls when long.
export const problems = style({ margin: `${vars.space.xs} 0 0`, paddingLeft: vars.space.lg, maxHeight: '10rem', overflowY: 'auto', fontSize: vars.fontSize.sm });


// Under the header: the name of the last file an export saved; nothing (and no room) before that.
export const exportNote = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&:empty': { margin: 0 } },
});
