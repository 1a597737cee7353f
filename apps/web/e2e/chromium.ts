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
