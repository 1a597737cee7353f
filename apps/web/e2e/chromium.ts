/**
 * How this project launches Debian's Chromium (never a downloaded browser): the journeys' launch
 * options (playwright.config.ts) and the page-weight measure's (bench/web-weight.ts).
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * The journeys' launch (playwright.config.ts): the same browser, its JavaScript run by V8's interpreter and
 * baseline compiler only (`--max-opt=1`: no Maglev or TurboFan). A journey's pages live for seconds, and
 * optimising their code cost more than it saved: the renderers' CPU in three journeys (class registration,
 * two of make-ups), in turns, 48.2 and 55.9 s → 40.6 and 48.2 s, the accessibility journeys' the same
 * (decision 137). What a page does is the same at every tier; the bench's phone measures launch without it.
 */
export const journeysLaunch = {
  ...chromiumLaunch,
  args: [...chromiumLaunch.args, '--js-flags=--max-opt=1'],
};
