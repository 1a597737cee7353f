import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
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
/** The darkest surface a light badge or alert is drawn on: Mantine's gray 3 (the page is gray 0). */
const TINTED_SURFACE = '#dee2e6';

/**
 * Secondary text ("dimmed": hints, dates, how an amount adds up): Mantine's gray 6 is 3.3:1 on white;
 * this grey is 6.1:1 on white and 5.5:1 on gray 1, still lighter than the text beside it.
 */
export const DIMMED = '#5c636a';

/** The light shade in use (Mantine's "primary shade", for every colour). */
const SHADE = 7;

/** `hex`, or `hex` darkened toward black by steps of 5 % until it reads on every one of `backgrounds`. */
function darkenedUntilReadable(hex: string, backgrounds: readonly string[]) {
  const passes = (h: string) => backgrounds.every((bg) => contrast(h, bg) >= MIN_CONTRAST);
  let found = hex;
  for (let step = 1; !passes(found) && step < 20; step++) found = darker(hex, step * 0.05);
  return found;
}

/** The first of `shades` at or past the light shade that reads on `backgrounds`, or the darkest darkened until it does. */
function readable(shades: readonly string[], backgrounds: readonly string[]) {
  const passes = (hex: string) => backgrounds.every((bg) => contrast(hex, bg) >= MIN_CONTRAST);
  return shades.slice(SHADE).find(passes) ?? darkenedUntilReadable(shades[9] as string, backgrounds);
}

/**
 * A palette whose shades 7 to 9 read as text on white and on the page, so a component naming one
 * (`c="teal.8"`, `c="red.7"`) is readable too; the lighter shades (tints, borders) are Mantine's.
 */
export function readablePalette(shades: readonly string[]): MantineColorsTuple {
  return shades.map((hex, i) =>
    i < SHADE ? hex : darkenedUntilReadable(hex, [WHITE, PAGE_BACKGROUND]),
  ) as unknown as MantineColorsTuple;
}

/**
 * A colour's text on the page and on its own light tint (light badges, alerts and buttons), and its
 * filled background under white text, each the palette's shade 7 when that is readable and otherwise
 * the first darker shade that is (greens, yellows, oranges and teals have none: shade 9 darkened).
 */
export function accessibleShades(shades: readonly string[]) {
  // A light badge sits on the page, a card, or a tinted cell (a class of the week): its tint is
  // taken over gray 3, darker than any of them.
  const tint = over(shades[SHADE] as string, 0.1, TINTED_SURFACE);
  const text = readable(shades, [WHITE, PAGE_BACKGROUND, tint]);
  const filled = readable(shades, [WHITE]);
  return { text, filled, filledHover: darker(filled, 0.12) };
}

/** The light scheme's text and filled colours for `colors`, made readable. */
function readableVariables(colors: MantineTheme['colors']): Record<string, string> {
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED };
  for (const [name, shades] of Object.entries(colors)) {
    const { text, filled, filledHover } = accessibleShades(shades);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = filledHover;
  }
  return light;
}

/**
 * Worked out once for a theme's palette: Mantine asks on every render of its provider, and the
 * contrast search over 15 colours was a tenth of the owner's list's script time on a throttled phone.
 */
const readableOf = new WeakMap<MantineTheme['colors'], Record<string, string>>();

/** The light scheme's text and filled colours, made readable (the dark scheme is not offered). */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => {
  let light = readableOf.get(t.colors);
  if (!light) {
    light = readableVariables(t.colors);
    readableOf.set(t.colors, light);
  }
  return { variables: {}, light: { ...light }, dark: {} };
};

export const theme = createTheme({
  primaryColor: 'plum',
  primaryShade: { light: 7, dark: 5 },
  colors: {
    ...Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, readablePalette(shades)]),
    ),
    plum: readablePalette(plum),
  },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  respectReducedMotion: true,
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
