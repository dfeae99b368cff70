/**
 * Playwright's global setup: the test browser draws none of Chromium's own browser UI.
 *
 * Debian's Chromium is the whole browser, also headless: each window (each test's context is one)
 * preloads the address bar's drop-down, a page of Chromium's own in a renderer of its own, that no
 * test ever sees. It took about an eighth of the browser tests' CPU on two cores. Chromium obeys only
 * the last `--disable-features` it is given, and Playwright passes a list of its own: so the list is
 * read from the browser's own command line (as this Playwright and this Chromium have it, never a
 * copy) and handed on with these features added, through the environment the workers inherit.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './constants.ts';

/** Chromium's features behind the address bar's preloaded drop-down (Chromium 156). */
const BROWSER_UI_FEATURES = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** Where the global setup hands the switch to the workers. */
const VARIABLE = 'E2E_DISABLED_FEATURES';
const PREFIX = '--disable-features=';

/** The `--disable-features` switch for a browser started with `args`: its own list, the UI's features added. */
export function browserUiOffSwitch(args: readonly string[]): string {
  const own =
    args
      .findLast((arg) => arg.startsWith(PREFIX))
      ?.slice(PREFIX.length)
      .split(',') ?? [];
  return `${PREFIX}${[...new Set([...own.filter(Boolean), ...BROWSER_UI_FEATURES])].join(',')}`;
}

export default async function browserUiOff() {
  // Chromium answers Browser.getBrowserCommandLine only when started for automation.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--enable-automation'],
  });
  try {
    const session = await browser.newBrowserCDPSession();
    const { arguments: args } = (await session.send('Browser.getBrowserCommandLine')) as {
      arguments: string[];
    };
    process.env[VARIABLE] = browserUiOffSwitch(args);
  } finally {
    await browser.close();
  }
}

/** The switch for the test browser's launch: in the workers, once the global setup has run. */
export function disabledFeaturesSwitch(): string[] {
  const features = process.env[VARIABLE];
  return features ? [features] : [];
}

/** The same switch for a Playwright browser outside the test runner (the benches): read once. */
export async function browserUiOffArgs(): Promise<string[]> {
  if (!process.env[VARIABLE]) await browserUiOff();
  return disabledFeaturesSwitch();
}

/** The browser's own pages among a DevTools target list (`/json/list`): none when the switch holds. */
export const browserUiTargets = (targets: { type: string; url: string }[]) =>
  targets.filter((target) => target.type === 'browser_ui').map((target) => target.url);
