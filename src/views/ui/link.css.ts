import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The one look of a link in a list (a row's name, number or date that opens it): accent colour, underlined
// only under the pointer or the focus, and a long unbroken name wraps inside its cell instead of widening
// the table past its card.
export const listLink = style({
  color: vars.color.accent,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline' } },
});
