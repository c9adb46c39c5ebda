import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';
import { listLink } from './link.css';

const base = style({
  appearance: 'none',
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  // A link drawn as a button (Details, Back to Experiments) reads as a button: no underline, one line.
  display: 'inline-block',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
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

/** A button or link that reads as a list's link (a dataset's name in a table), styled like every list link. */
export const linkButton = style([
  listLink,
  { appearance: 'none', padding: 0, border: 0, background: 'none', font: 'inherit', textAlign: 'left', cursor: 'pointer' },
]);
