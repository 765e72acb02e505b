/**
 * Finds the Chromium the browser tests and Lighthouse drive: $CHROME_PATH, else the system's
 * Chromium or Chrome, else the one Playwright downloads (`npx playwright install chromium`).
 * Nothing is installed from here: without one, the tests stop and say how to get one.
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

/** Flags for a headless Chromium on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** The Chromium to drive, or null when this machine has none. */
export function findChromium(): string | null {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH names ${process.env.CHROME_PATH}, which does not exist.`);
  }
  const candidates = [...SYSTEM_CHROMIUM, chromium.executablePath()];
  return candidates.find((path) => existsSync(path)) ?? null;
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  throw new Error(
    "No Chromium found: install the system's (on Debian `sudo apt-get install chromium`) or " +
      "Playwright's (`npx playwright install chromium`), or set CHROME_PATH to a Chromium or Chrome.",
  );
}
