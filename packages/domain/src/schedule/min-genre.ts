/**
 * The range `minGenreRequired` of a class is clamped into (002 §5). With R required and O optional
 * other requirements: when O is 1 or fewer, min and max both equal R; otherwise min = R + 1 and
 * max = R + O − 1 (a student takes every required genre and more than one, but not all, of the
 * optional ones).
 */
export function minGenreRange(requirements: readonly { isRequired: boolean }[]): {
  min: number;
  max: number;
} {
  const required = requirements.filter((r) => r.isRequired).length;
  const optional = requirements.length - required;
  if (optional <= 1) return { min: required, max: required };
  return { min: required + 1, max: required + optional - 1 };
}

/** `value` moved into the range of `minGenreRange`. */
export function clampMinGenreRequired(
  value: number,
  requirements: readonly { isRequired: boolean }[],
): number {
  const { min, max } = minGenreRange(requirements);
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
