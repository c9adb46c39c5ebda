import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const shell = style({
  minHeight: '100vh',
  paddingLeft: vars.layout.sidebarWidth,
});

export const sidebar = style({
  position: 'fixed',
  inset: '0 auto 0 0',
  width: vars.layout.sidebarWidth,
  padding: vars.space.md,
  backgroundColor: vars.color.sidebar,
  color: vars.color.sidebarText,
  overflowY: 'auto',
});

export const productTitle = style({
  margin: `0 0 ${vars.space.lg}`,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const navLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.sidebarText,
  textDecoration: 'none',
  selectors: {
    '&:hover': { backgroundColor: vars.color.sidebarHover },
    '&[aria-current="page"]': { backgroundColor: vars.color.accent, color: vars.color.accentText, fontWeight: vars.fontWeight.bold },
  },
});

// minWidth 0: the main area never grows past the screen; what is wider scrolls inside it.
export const main = style({
  display: 'block',
  minWidth: 0,
});

/** Why the screens do not show: who is signed in could not be found out, or carries no role. */
export const notice = style({
  maxWidth: '40rem',
  padding: vars.space.lg,
});
