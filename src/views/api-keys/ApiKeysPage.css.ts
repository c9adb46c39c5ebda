import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

// /api-keys: the prefix in a fixed-width face, the secret shown once, the checkbox's row, and the notes.

export const mono = style({ fontFamily: vars.font.mono });

export const secret = style({
  display: 'block',
  width: '100%',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  wordBreak: 'break-all',
  backgroundColor: vars.color.background,
});

export const option = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginBottom: vars.space.md });

export const note = style({ margin: `${vars.space.sm} 0`, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
