import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// The dashboard's Demo data panel: a card above the counts, its heading, the counts line and the button.
export const panel = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const text = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
