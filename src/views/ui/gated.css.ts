import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// A control the role may not use: it stays in its place, looks disabled, and says why below it
// while hovered or focused — from its end edge, or (data-side="start", a control in the window's left half) its start edge.
export const gate = style({
  position: 'relative',
  display: 'inline-flex',
});

export const refused = style({
  opacity: 0.6,
  cursor: 'not-allowed',
});

export const reason = style({
  position: 'absolute',
  top: `calc(100% + ${vars.space.xs})`,
  right: 0,
  zIndex: 15,
  width: 'max-content',
  maxWidth: '18rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'left',
  whiteSpace: 'normal',
  boxShadow: vars.shadow.menu,
  pointerEvents: 'none',
  visibility: 'hidden',
  selectors: {
    [`${gate}:hover &, ${gate}:focus-within &`]: { visibility: 'visible' },
    [`${gate}[data-side="start"] &`]: { left: 0, right: 'auto' },
  },
});
