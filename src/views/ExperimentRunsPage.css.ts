import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The runs table: a failed run's error under its status badge.

export const runError = style({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
