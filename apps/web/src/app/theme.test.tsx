import { Alert, DEFAULT_THEME, Drawer, MantineProvider, Modal, mergeMantineTheme } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrast, over } from './contrast';
import { Providers } from './providers';
import { cssVariablesResolver, DIMMED, MIN_CONTRAST, PAGE_BACKGROUND, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light as Record<string, string>;
const WHITE = '#ffffff';

describe('the theme keeps text readable (issue 31 item 17, decision 042)', () => {
  it('dims secondary text to a grey of at least 4.5:1 on white and on the page', () => {
    expect(light['--mantine-color-dimmed']).toBe(DIMMED);
    expect(contrast(DIMMED, WHITE)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrast(DIMMED, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // …and on the lightest greys cards and rows are tinted with.
    for (const bg of merged.colors.gray.slice(0, 2))
      expect(contrast(DIMMED, bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it.each(Object.keys(merged.colors))(
    '%s: its text, light and outline colours read on white, the page and its own tint; white reads on its fill',
    (name) => {
      const text = light[`--mantine-color-${name}-text`] as string;
      const tint = over(merged.colors[name]?.[7] as string, 0.1, merged.colors.gray[3]);
      for (const bg of [WHITE, PAGE_BACKGROUND, tint])
        expect(contrast(text, bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(light[`--mantine-color-${name}-light-color`]).toBe(text);
      expect(light[`--mantine-color-${name}-outline`]).toBe(text);
      const filled = light[`--mantine-color-${name}-filled`] as string;
      expect(contrast(WHITE, filled)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(WHITE, light[`--mantine-color-${name}-filled-hover`] as string)).toBeGreaterThanOrEqual(
        MIN_CONTRAST,
      );
    },
  );

  it.each(Object.keys(merged.colors))(
    '%s: shades 7 to 9, named by components (c="teal.8"), read on white and on the page',
    (name) => {
      for (const shade of merged.colors[name]?.slice(7) ?? [])
        for (const bg of [WHITE, PAGE_BACKGROUND])
          expect(contrast(shade, bg)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    },
  );

  it("keeps the studio's plum: its palette and filled colour are Mantine's shade 7, its text one shade darker", () => {
    const plum = merged.colors.plum ?? [];
    expect(plum[7]).toBe('#ab3f85');
    expect(light['--mantine-color-plum-filled']).toBe(plum[7]);
    expect(light['--mantine-color-plum-text']).toBe(plum[8]);
  });

  it("is what the app's provider draws with", () => {
    render(
      <Providers client={new QueryClient()}>
        <p>Hello</p>
      </Providers>,
    );
    const css = [...document.querySelectorAll('style[data-mantine-styles]')]
      .map((s) => s.textContent)
      .join('\n');
    expect(css).toContain(`--mantine-color-dimmed: ${DIMMED}`);
    expect(css).toContain(`--mantine-color-green-filled: ${light['--mantine-color-green-filled']}`);
  });
});

describe("the theme names Mantine's close buttons (axe-core's critical button-name)", () => {
  const wrap = (ui: React.ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

  it('a dialog', () => {
    wrap(
      <Modal opened onClose={() => {}} title="Pay by card">
        body
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('a drawer', () => {
    wrap(
      <Drawer opened onClose={() => {}} title="Class">
        body
      </Drawer>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('an alert that can be closed', () => {
    wrap(
      <Alert title="Please review" withCloseButton onClose={() => {}}>
        body
      </Alert>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
