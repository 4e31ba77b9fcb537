import type { ThemeObject } from '@microlink/react-json-view';

/**
 * Base16 themes for the tree in Spotter's colours. The viewer's own themes fail WCAG AA contrast on
 * our surfaces (and it dims keys to 85 %), so every text colour here keeps at least 4.5:1 on the
 * panel (#ffffff / #1b1b20) and on base02, the background of null and undefined.
 * Roles: 04 object size, 07 keys and braces, 09 strings, 0A null, 0B floats, 0C array indexes,
 * 0D/0E icons, dates and booleans, 0F integers.
 */
export const lightTreeTheme: ThemeObject = {
  base00: '#ffffff',
  base01: '#f6f5f2',
  base02: '#ecebe7',
  base03: '#4f4f59',
  base04: '#4f4f59',
  base05: '#1b1b1f',
  base06: '#1b1b1f',
  base07: '#1b1b1f',
  base08: '#9c1f1b',
  base09: '#17612e',
  base0A: '#7a4f00',
  base0B: '#1a53bd',
  base0C: '#4f4f59',
  base0D: '#5f3796',
  base0E: '#9c1f1b',
  base0F: '#1a53bd',
};

export const darkTreeTheme: ThemeObject = {
  base00: '#1b1b20',
  base01: '#24242b',
  base02: '#2c2c34',
  base03: '#b4b4be',
  base04: '#b4b4be',
  base05: '#f1f0ec',
  base06: '#f1f0ec',
  base07: '#f1f0ec',
  base08: '#ff9a91',
  base09: '#86e3ad',
  base0A: '#ffd27a',
  base0B: '#9cc0ff',
  base0C: '#b4b4be',
  base0D: '#d6b3ff',
  base0E: '#ff9a91',
  base0F: '#9cc0ff',
};
