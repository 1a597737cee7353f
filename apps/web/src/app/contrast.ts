/**
 * WCAG 2 contrast, for the theme's colour tokens (decision 042): the relative luminance of a `#rrggbb`
 * colour, the ratio of two, and a colour laid at some opacity over another (a light badge's tint).
 */

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

export function luminance(hex: string) {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `top` at opacity `alpha` over `bottom`, as drawn. */
export function over(top: string, alpha: number, bottom: string) {
  const t = channels(top);
  const b = channels(bottom);
  return `#${t
    .map((c, i) =>
      Math.round(c * alpha + (b[i] as number) * (1 - alpha))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `hex` darkened toward black by `amount` (0–1). */
export const darker = (hex: string, amount: number) => over('#000000', amount, hex);
