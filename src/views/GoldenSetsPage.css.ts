import { style } from '@vanilla-extract/css';

// The sample screen's buttons do nothing yet: they say so to assistive tech and look unavailable.
export const inert = style({
  selectors: {
    '&[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
