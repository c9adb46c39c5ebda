import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

const base = style({
  appearance: 'none',
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

// Every button of the console; the disabled state reads from the attribute, not from props.
export const button = recipe({
  base,
  variants: {
    tone: {
      primary: { border: `1px solid ${vars.color.accent}`, backgroundColor: vars.color.accent, color: vars.color.accentText },
      secondary: { border: `1px solid ${vars.color.border}`, backgroundColor: vars.color.surface, color: vars.color.text },
      danger: { border: `1px solid ${vars.color.danger}`, backgroundColor: vars.color.danger, color: vars.color.accentText },
    },
    size: {
      normal: {},
      small: { padding: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.fontSize.sm },
    },
  },
  defaultVariants: { tone: 'primary', size: 'normal' },
});

/** The console's main call-to-action button (the sign-in page's). */
export const primaryButton = button({ tone: 'primary' });

/** A button that reads as a link (a dataset's name in a table). */
export const linkButton = style({
  appearance: 'none',
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.accent,
  font: 'inherit',
  textAlign: 'left',
  textDecoration: 'underline',
  cursor: 'pointer',
});
