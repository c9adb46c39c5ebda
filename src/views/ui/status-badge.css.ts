import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

// Status colours as classes: a view picks the variant named by a tone from services/status-colours.
const toneColour = {
  success: vars.color.success,
  warning: vars.color.warning,
  danger: vars.color.danger,
  neutral: vars.color.textMuted,
};

export const statusBadge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
});

/** Badge background by tone: green, yellow, red, grey. */
export const statusBadgeTone = styleVariants(toneColour, (colour) => ({ backgroundColor: colour }));

/** Text colour by tone. */
export const toneText = styleVariants(toneColour, (colour) => ({ color: colour }));

/** Border colour by tone, for framed items (results versus references). */
export const toneBorder = styleVariants(toneColour, (colour) => ({ borderColor: colour }));
