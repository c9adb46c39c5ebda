import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// New Evaluation: the upload's progress bar, and the refused file's problems (scrolling when there are many).

export const progressLine = style({ display: 'grid', gap: vars.space.xs });

export const progress = style({ width: '100%', height: '0.75rem', accentColor: vars.color.accent });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const failure = style({ display: 'grid', gap: vars.space.xs });

export const problems = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  maxHeight: '16rem',
  overflowY: 'auto',
  fontSize: vars.fontSize.sm,
});
