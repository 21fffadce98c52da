/**
 * Colours that keep WCAG AA contrast (at least 4.5:1) as text on white and on Mantine's light tints,
 * and as the background of white text. Mantine's own shades of green, yellow, orange, teal and cyan
 * stay under 4.5:1 even at shade 9, so coloured badges and buttons take their text or fill from here.
 */
export const TONE = {
  green: '#1e6b30',
  yellow: '#6e5000',
  orange: '#9c4200',
  teal: '#0b6b5c',
  cyan: '#0b7285',
  blue: '#1864ab',
  red: '#c92a2a',
  gray: '#495057',
  grape: '#862e9c',
} as const;
export type Tone = keyof typeof TONE;

/** A light badge or button: the colour's tint behind readable text. */
export const lightTone = (color: Tone) => ({ color, variant: 'light' as const, c: TONE[color] });
