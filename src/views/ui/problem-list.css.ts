import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// An upload dialog's list of the server's problems with a file: scrolls when long.
export const problemList = style({
  margin: `${vars.space.xs} 0 0`,
  paddingLeft: vars.space.lg,
  maxHeight: '10rem',
  overflowY: 'auto',
  fontSize: vars.fontSize.sm,
});
