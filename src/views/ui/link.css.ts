import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The one look of a link in a list (a row's name, number or date that opens it): accent colour, underlined
// only under the pointer or the focus. It breaks a word only when the word alone is wider than its cell, so
// "Experiment 6" never splits mid-word; a name's cell (table.textCell) is what lets a long word wrap.
export const listLink = style({
  color: vars.color.accent,
  textDecoration: 'none',
  overflowWrap: 'break-word',
  selectors: { '&:hover, &:focus-visible': { textDecoration: 'underline' } },
});
