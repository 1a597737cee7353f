/** Dialog titles read as headings (a module of its own: a card imports it without the dialogs' code). */
export const dialogStyles = {
  title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
} as const;
