import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The journeys' browser is started through e2e/chromium-merged.sh (decision 139): Chromium reads only the
 * last `--disable-features`, so the script merges Playwright's list and the launch's into one. Here the
 * "browser" it starts is a node script that prints the arguments it was given.
 */
const SCRIPT = fileURLToPath(new URL('../../web/e2e/chromium-merged.sh', import.meta.url));
const PRINT_ARGS = fileURLToPath(new URL('./print-args.mjs', import.meta.url));

function started(args: string[]): string[] {
  const out = execFileSync(SCRIPT, args, { env: { ...process.env, CHROMIUM: PRINT_ARGS } });
  return JSON.parse(out.toString());
}

describe('chromium-merged.sh', () => {
  it('merges every --disable-features into one, last, and passes the rest in order', () => {
    expect(
      started([
        '--headless',
        '--disable-features=PaintHolding,MediaRouter',
        '--user-data-dir=/tmp/a b',
        '--disable-features=WebUIOmniboxPopup',
        '--no-sandbox',
      ]),
    ).toEqual([
      '--headless',
      '--user-data-dir=/tmp/a b',
      '--no-sandbox',
      '--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup',
    ]);
  });

  it('adds no --disable-features when none was given, and keeps empty and spaced arguments', () => {
    expect(started(['--a', '', 'two words'])).toEqual(['--a', '', 'two words']);
    expect(started([])).toEqual([]);
  });
});
