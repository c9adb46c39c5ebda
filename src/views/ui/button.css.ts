import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

// The console's main call-to-action button; disabled state reads from the attribute, not from props.
export const primaryButton = style({
  appearance: 'none',
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  backgroundColor: vars.color.accent,
  color: vars.color.accentText,
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
