import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A long text in a table cell (an entry's or a result's input): one line cut with an ellipsis, so a row stays
// one line high whatever the text's length; the whole text on hover (the element's title) and on focus.
export const truncated = style({
  display: 'block',
  maxWidth: '28rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    '&:focus': { whiteSpace: 'pre-wrap', overflow: 'visible', outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
