/**
 * The form pages paint before their script runs, and a person may use them meanwhile. With every
 * script of the site held back (as on a slow phone or a busy machine), a person ticks and types and
 * presses the form's button; once the scripts run, everything is as they left it, nothing was
 * reloaded, and what they send carries every choice.
 */
import { expect, test, type Page } from "@playwright/test";
import { chooseOpenTime, DAY_SLOTS } from "../support/booking";
import { readE2eOutbox } from "../support/e2e-env";
import { estimateTotal, fillClient, fillProperty, next } from "../support/schedule-form";

// A whole booking on a held page: longer than the default on a loaded machine.
test.describe.configure({ timeout: 120_000 });

/** Holds back every script of the site until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The form's own button, whatever it says: Next, Send, or that the form is getting ready. */
const formButton = (page: Page, form: string) => page.locator(`form[aria-labelledby="${form}"] button[type="submit"]`);

/** Presses the button as a person would, whether or not it takes the press (a disabled one does not). */
async function pressBeforeScripts(page: Page, form: string): Promise<{ said: string; disabled: boolean }> {
  const button = formButton(page, form);
  const said = (await button.textContent())?.trim() ?? "";
  const disabled = await button.isDisabled();
  await button.click({ force: true });
  return { said, disabled };
}

async function releaseAndHydrate(page: Page, release: () => void) {
  release();
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 30_000 });
}

test(
  "ticked before the schedule page's script ran, and Next pressed: kept through hydration, and booked",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    const release = await holdScripts(page);
    await page.goto("/schedule", { waitUntil: "domcontentloaded" });
    await page.getByLabel(/Radon test/).check();
    await page.getByLabel(/Basic Potability/).check();
    const pressed = await pressBeforeScripts(page, "schedule-step-title");
    await releaseAndHydrate(page, release);

    // Nothing reloaded the page: still the first step, as the person left it, and priced so.
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("heading", { name: /What to inspect/ })).toBeVisible();
    await expect(page.getByLabel(/Residential home inspection/)).toBeChecked();
    await expect(page.getByLabel(/Radon test/)).toBeChecked();
    await expect(page.getByLabel(/Basic Potability/)).toBeChecked();
    await expect(estimateTotal(page)).not.toHaveText("$400");
    // Before the script, the button said the form was getting ready, and took no press.
    expect(pressed).toEqual({ said: "Getting the form ready…", disabled: true });

    await next(page);
    await fillProperty(page);
    await next(page);
    await chooseOpenTime(page, DAY_SLOTS.hydration, testInfo.project.name);
    await next(page);
    await fillClient(page, "Hale Early");
    await next(page);
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/schedule"));
    await page.getByRole("button", { name: "Book this time" }).click();
    const { reference } = (await (await answer).json()) as { reference: string };
    await expect(page.getByRole("heading", { name: "Time held for you" })).toBeVisible();
    await expect(
      page.getByText(/Residential home inspection, up to 2,500 sq ft; Radon test.*; Water test: Basic Potability/),
    ).toBeVisible();
    const stored = (await readE2eOutbox("schedule-requests")).find((line) => line.reference === reference);
    expect(stored).toMatchObject({
      request: { mainInspection: "residential", addOns: ["radon"], waterPackages: ["basic-potability"] },
    });
  },
);

test(
  "typed before the contact page's script ran, and Send pressed: kept through hydration, and sent",
  { tag: "@phone" },
  async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Your name").fill("Early Typist");
    await page.getByLabel("E-mail").fill("early.typist@example.com");
    await page.getByLabel("What is it about?").selectOption({ label: "Water quality testing" });
    await page.getByLabel("Message", { exact: true }).fill("Typed before the page was ready.");
    const pressed = await pressBeforeScripts(page, "contact-form-title");
    await releaseAndHydrate(page, release);

    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByLabel("Your name")).toHaveValue("Early Typist");
    await expect(page.getByLabel("What is it about?")).toHaveValue("water-quality");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Typed before the page was ready.");
    expect(pressed).toEqual({ said: "Getting the form ready…", disabled: true });

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    const stored = (await readE2eOutbox("contact-messages")).find(
      (line) => (line.message as { email?: string } | undefined)?.email === "early.typist@example.com",
    );
    expect(stored).toMatchObject({
      message: { name: "Early Typist", topic: "water-quality", message: "Typed before the page was ready." },
    });
  },
);

test(
  "typed before the privacy page's script ran, and Send pressed: kept through hydration, and sent",
  { tag: "@phone" },
  async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/privacy", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Your e-mail address").fill("early.asker@example.com");
    const pressed = await pressBeforeScripts(page, "data-request-title");
    await releaseAndHydrate(page, release);

    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByLabel("Your e-mail address")).toHaveValue("early.asker@example.com");
    expect(pressed).toEqual({ said: "Getting the form ready…", disabled: true });
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect(page.getByRole("heading", { name: "Request sent" })).toBeVisible();
  },
);
