import { defineConfig, devices } from "@playwright/test";
import { ensureTestBrowser } from "./scripts/lib/chromium";
import { rmSync } from "node:fs";
import { settingsEnv } from "./src/lib/server/runtime/settings";
import {
  brokenPort,
  E2E_DATA,
  E2E_FEED_SECRET,
  E2E_PAYMENTS_DATA,
  e2ePort as port,
  paymentsPort,
  paymentsSite,
  stripeStubPort,
} from "./tests/support/e2e-env";
import { STUB_WEBHOOK_SECRET } from "./tests/support/stripe-stub";

const { executablePath, args } = ensureTestBrowser();
// Each run starts from an empty outbox (the config is read first in the runner, before the server
// starts): bookings of an earlier run would take the days the tests count on (tests/support/booking.ts).
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(E2E_DATA, { recursive: true, force: true });
  rmSync(E2E_PAYMENTS_DATA, { recursive: true, force: true });
}

/** Browser tests drive a Chromium (scripts/lib/chromium.ts) against the built site served as in production. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on CI: tests wait on servers, mail passes and the network's rest, and a third worker uses
  // the CPU two leave idle on a two-core machine (the whole suite: 300-349 s with two, 282 s with three).
  workers: process.env.CI ? 3 : undefined,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath, args },
    trace: "off",
  },
  // A test tagged @phone or @desktop runs at that width only: what exists at one width (the drawer,
  // the header links, hover), or what does not depend on the width (a form's logic, a check of
  // a check), which runs once, at the width where it matters most.
  projects: [
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" },
      grepInvert: /@desktop/,
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      grepInvert: /@phone/,
    },
  ],
  webServer: [
    {
      command: `npx tsx src/serve/serve.ts --port ${port}`,
      // Ready once the functions have opened the database (the desk answers 401 then, 503 before):
      // tests that start while the functions are still starting share the CPU with them.
      url: `http://127.0.0.1:${port}/api/desk/session`,
      reuseExistingServer: false,
      timeout: 90_000,
      // Every browser test visits from 127.0.0.1, so the per-address limit is raised here.
      // The owner's feed is read by the agreement test (tests/e2e/agreement.spec.ts).
      env: {
        DATA_DIR: E2E_DATA,
        RATE_LIMIT_MAX: "1000",
        CALENDAR_FEED_SECRET: E2E_FEED_SECRET,
        // Every desk test signs in as the office's mailbox, from this machine's one address. Every
        // worker's browser, and the merged-headers test's fetches on its behalf, connect from it too:
        // past 32 open connections the server closed the next at once, and a page's request was reset.
        ...settingsEnv({
          deskLinksPerMailboxPerHour: 1000,
          deskLinksPerClientPerHour: 1000,
          connectionsPerAddress: 1000,
        }),
      },
    },
    {
      command: `npx tsx src/serve/serve.ts --port ${brokenPort}`,
      url: `http://127.0.0.1:${brokenPort}/`,
      reuseExistingServer: false,
      timeout: 90_000,
      // A path below a file: opening the database fails with ENOTDIR on every request.
      env: { DATA_DIR: "/dev/null/data" },
    },
    {
      // Stripe's stand-in: Checkout Sessions, refunds, and the page whose Pay button posts the signed event.
      command: "npx tsx tests/support/stripe-stub-server.ts",
      url: `http://127.0.0.1:${stripeStubPort}/`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: { STRIPE_STUB_PORT: String(stripeStubPort), STRIPE_STUB_WEBHOOK: `${paymentsSite}/api/stripe-webhook` },
    },
    {
      // The site with payments online (tests/e2e/payments.spec.ts); SITE_URL, so Stripe sends the browser back here.
      command: `npx tsx src/serve/serve.ts --port ${paymentsPort}`,
      url: `${paymentsSite}/api/desk/session`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        DATA_DIR: E2E_PAYMENTS_DATA,
        SITE_URL: paymentsSite,
        RATE_LIMIT_MAX: "1000",
        STRIPE_SECRET_KEY: "sk_test_stub",
        STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${stripeStubPort}`,
        ...settingsEnv({ connectionsPerAddress: 1000 }),
      },
    },
  ],
});
