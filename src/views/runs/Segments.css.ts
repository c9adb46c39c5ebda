import { style } from '@vanilla-extract/css';
import { chip } from '../ui/chip.css';
import { vars } from '../ui/theme.css';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: `${vars.space.md} 0` });

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const few = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

// The active segment filter: a chip on a line of its own, only as wide as its text.
export const activeChip = style([chip, { alignSelf: 'flex-start' }]);
