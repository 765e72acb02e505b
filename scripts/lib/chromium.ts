/**
 * Finds the Chromium the browser tests and the benchmarks drive: $CHROME_PATH, else the system's, else
 * Playwright's (`npx playwright install chromium`). The tests prefer the headless shell, the same engine without
 * the desktop browser around it and cheaper to run; the benchmarks measure the full browser, as a visitor has
 * it. Nothing is installed from here: without one, the tests stop and say how to get one.
 */
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";

/** Where systems put their Chromium or Chrome, Linux distributions, macOS and Windows. */
const SYSTEM_CHROMIUM = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
];

/** Where systems put Chromium's headless shell (Debian's package chromium-headless-shell). */
const SYSTEM_HEADLESS_SHELL = ["/usr/bin/chromium-headless-shell", "/usr/bin/chrome-headless-shell"];

/** Flags for a headless Chromium on a machine with no network beyond loopback. */
const LOOPBACK_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** The flags for the full browser, which is headless only when asked (the shell always is). */
export const CHROMIUM_ARGS = ["--headless=new", ...LOOPBACK_ARGS];

/** The Chromium to drive, or null when this machine has none. */
export function findChromium(): string | null {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH names ${process.env.CHROME_PATH}, which does not exist.`);
  }
  const candidates = [...SYSTEM_CHROMIUM, chromium.executablePath()];
  return candidates.find((path) => existsSync(path)) ?? null;
}

const NO_CHROMIUM =
  "No Chromium found: install the system's (on Debian `sudo apt-get install chromium-headless-shell` " +
  "for the tests, `chromium` for the benchmarks) or Playwright's (`npx playwright install chromium`), " +
  "or set CHROME_PATH to a Chromium or Chrome.";

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  throw new Error(NO_CHROMIUM);
}

/** The browser the tests drive and its flags: the headless shell where there is one, else the full Chromium. */
export function findTestBrowser(): { executablePath: string; args: string[] } | null {
  if (!process.env.CHROME_PATH) {
    const shell = SYSTEM_HEADLESS_SHELL.find((path) => existsSync(path));
    if (shell) return { executablePath: shell, args: LOOPBACK_ARGS };
  }
  const full = findChromium();
  return full ? { executablePath: full, args: CHROMIUM_ARGS } : null;
}

export function ensureTestBrowser(): { executablePath: string; args: string[] } {
  const found = findTestBrowser();
  if (found) return found;
  throw new Error(NO_CHROMIUM);
}
