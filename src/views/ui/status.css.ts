import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

// "Loading..." and "Signing out..." lines while the session is settled.
export const statusMessage = style({
  margin: 0,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  color: vars.color.textMuted,
  textAlign: 'center',
});
