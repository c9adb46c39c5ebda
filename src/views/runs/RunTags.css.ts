import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// A run's tags as chips that wrap, however many there are.

export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const tag = style({
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.selected,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
