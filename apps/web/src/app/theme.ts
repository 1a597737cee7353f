import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});
