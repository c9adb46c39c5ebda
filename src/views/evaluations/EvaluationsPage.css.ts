import { style } from '@vanilla-extract/css';

// A row's detail control is a link (it navigates) drawn with the button recipe.
export const detailLink = style({
  display: 'inline-block',
  textDecoration: 'none',
});
