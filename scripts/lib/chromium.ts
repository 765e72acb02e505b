/**
 * Finds the Chromium the browser tests and Lighthouse drive: $CHROME_PATH, then Debian's
 * /usr/bin/chromium. Playwright's own browser download cannot be used (no internet beyond
 * the package registries), so on a bare machine, as root, Debian's package is installed.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

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

export function ensureChromium(): string {
  const candidates = [process.env.CHROME_PATH, DEBIAN_CHROMIUM].filter((path): path is string => Boolean(path));
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "Chromium not found: run `sudo apt-get install -y chromium` or set CHROME_PATH to a Chromium binary.",
    );
  }
  console.log("Chromium not found: installing Debian's chromium package…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!existsSync(DEBIAN_CHROMIUM)) throw new Error("Installing chromium did not provide /usr/bin/chromium.");
  return DEBIAN_CHROMIUM;
}
