import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  height: vars.layout.topBarHeight,
  padding: `0 ${vars.space.lg}`,
  backgroundColor: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
