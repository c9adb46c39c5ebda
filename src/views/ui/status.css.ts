import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// "Loading..." and "Logging out..." lines while the session is settled, and every screen's loading line.
export const statusMessage = style({
  margin: 0,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  color: vars.color.textMuted,
  textAlign: 'center',
});

// How failures look: red text above the table.
export const errorMessage = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.danger,
});
