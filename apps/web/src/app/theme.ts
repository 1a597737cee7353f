import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';
import { contrast, darker, over } from './contrast';

// A berry pink-violet: the colour of a rehearsal leotard, calm enough for a back office.
const plum: MantineColorsTuple = [
  '#fbf0f7',
  '#f2ddeb',
  '#e5b8d5',
  '#d890be',
  '#cd6eab',
  '#c6599f',
  '#c34e99',
  '#ab3f85',
  '#993676',
  '#872b68',
];

const systemFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

/**
 * The contrast every text colour keeps against what it is drawn on (WCAG AA for normal text), so no
 * screen has an axe-core "serious" contrast finding (issue 31 item 17, decision 042).
 */
export const MIN_CONTRAST = 4.5;

/** The page's background (global.css) and the cards'. */
export const PAGE_BACKGROUND = '#f8f9fa';
const WHITE = '#ffffff';

/**
 * Secondary text ("dimmed": hints, dates, how an amount adds up): Mantine's gray 6 is 3.3:1 on white;
 * this grey is 6.1:1 on white and 5.5:1 on gray 1, still lighter than the text beside it.
 */
export const DIMMED = '#5c636a';

/** The light shade in use (Mantine's "primary shade", for every colour). */
const SHADE = 7;

/** The first of `shades` at or past the light shade that passes against `backgrounds`, or the darkest darkened until it does. */
function readable(shades: readonly string[], backgrounds: (hex: string) => string[]) {
  const passes = (hex: string) => backgrounds(hex).every((bg) => contrast(hex, bg) >= MIN_CONTRAST);
  const found = shades.slice(SHADE).find(passes);
  if (found) return found;
  let hex = shades[9] as string;
  for (let amount = 0.05; !passes(hex) && amount < 1; amount += 0.05)
    hex = darker(shades[9] as string, amount);
  return hex;
}

/**
 * A colour's text on the page and on its own light tint (light badges, alerts and buttons), and its
 * filled background under white text, each the palette's shade 7 when that is readable and otherwise
 * the first darker shade that is (greens, yellows, oranges and teals have none: shade 9 darkened).
 */
export function accessibleShades(shades: readonly string[]) {
  const tint = over(shades[SHADE] as string, 0.1, PAGE_BACKGROUND);
  const text = readable(shades, () => [WHITE, PAGE_BACKGROUND, tint]);
  const filled = readable(shades, () => [WHITE]);
  return { text, filled, filledHover: darker(filled, 0.12) };
}

/** The light scheme's text and filled colours, made readable (the dark scheme is not offered). */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED };
  for (const [name, shades] of Object.entries(t.colors)) {
    const { text, filled, filledHover } = accessibleShades(shades);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = filledHover;
  }
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  primaryColor: 'plum',
  primaryShade: { light: 7, dark: 5 },
  colors: { plum },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Mantine's close buttons are an icon alone: named, so a screen reader says what they do (axe's
    // critical button-name on the checkout, issue 31 item 17).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Close' } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});
