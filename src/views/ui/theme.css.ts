import { createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';

// The one source of design tokens: views read these variables, never raw values.
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    text: null,
    textMuted: null,
    border: null,
    accent: null,
    accentText: null,
    danger: null,
    success: null,
    warning: null,
    focusRing: null,
    sidebar: null,
    sidebarText: null,
    sidebarHover: null,
    chart1: null,
    chart2: null,
    chart3: null,
    chart4: null,
    chart5: null,
    selected: null,
  },
  space: {
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
  },
  font: {
    body: null,
    mono: null,
  },
  fontSize: {
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
  },
  fontWeight: {
    regular: null,
    bold: null,
  },
  lineHeight: {
    tight: null,
    normal: null,
  },
  radius: {
    sm: null,
    md: null,
  },
  layout: {
    sidebarWidth: null,
    topBarHeight: null,
  },
  shadow: {
    card: null,
    menu: null,
  },
});

createGlobalTheme(':root', vars, {
  color: {
    background: '#f6f7f9',
    surface: '#ffffff',
    text: '#1b1f24',
    textMuted: '#57606a',
    border: '#d0d7de',
    accent: '#0b5cad',
    accentText: '#ffffff',
    danger: '#b42318',
    success: '#1a7f37',
    warning: '#9a6700',
    focusRing: '#0b5cad',
    sidebar: '#1b2733',
    sidebarText: '#e6edf3',
    sidebarHover: '#2c3b4a',
    // Chart series: distinguishable, each with at least 3:1 contrast on white.
    chart1: '#0b5cad',
    chart2: '#b35900',
    chart3: '#1a7f37',
    chart4: '#8250df',
    chart5: '#b42318',
    selected: '#dbeafe',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2.5rem',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.5rem',
    xxl: '2rem',
  },
  fontWeight: {
    regular: '400',
    bold: '600',
  },
  lineHeight: {
    tight: '1.2',
    normal: '1.5',
  },
  radius: {
    sm: '4px',
    md: '8px',
  },
  layout: {
    sidebarWidth: '16rem', // the width the product specification fixes
    topBarHeight: '3.5rem',
  },
  shadow: {
    card: '0 1px 3px rgba(27, 31, 36, 0.12), 0 8px 24px rgba(27, 31, 36, 0.08)',
    menu: '0 4px 12px rgba(27, 31, 36, 0.15)',
  },
});

globalStyle('html, body', {
  margin: 0,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});

globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
});

// One visible focus ring for every control reached by keyboard.
globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
