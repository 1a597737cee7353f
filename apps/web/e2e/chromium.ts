import { fileURLToPath } from 'node:url';

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
 * The journeys' launch (playwright.config.ts): the same browser, with less of it started for each
 * journey. Its pages' JavaScript runs at V8's interpreter and baseline compiler only (`--max-opt=1`: no
 * Maglev or TurboFan): a journey's pages live for seconds, and optimising their code cost more than it
 * saved (the renderers' CPU in three journeys, in turns, 48.2 and 55.9 s → 40.6 and 48.2 s, decision 137).
 * And each browser context (every journey has one or more) starts one renderer, not three: no omnibox
 * popups drawn by WebUI for a window nobody sees (`WebUIOmniboxPopup`, `WebUIOmniboxAimPopup`), and no
 * spare renderer started ahead of a navigation (`SpareRendererForSitePerProcess`): four journeys started
 * 22 renderers against 42, 131–150 s of the machine's CPU against 159–175 (decision 139). Chromium reads
 * only the last `--disable-features`, and Playwright passes its own before these arguments, so the browser
 * is started through `chromium-merged.sh`, which merges them. What a page does is the same either way;
 * the bench's phone measures launch a browser as a visitor has it (`chromiumLaunch`).
 */
export const journeysLaunch = {
  ...chromiumLaunch,
  executablePath: fileURLToPath(new URL('./chromium-merged.sh', import.meta.url)),
  args: [
    ...chromiumLaunch.args,
    '--js-flags=--max-opt=1',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
  ],
};
