import { expect, test } from "@playwright/test";
import { brokenSite, readE2eOutbox } from "../support/e2e-env";
import { openPage } from "../support/page";
import { routeChunkHolding } from "../support/scripts";

test("a visitor sends a message and gets a reference", async ({ page }) => {
  await openPage(page, "/contact");
  await expect(page.getByRole("link", { name: /\(410\) 555-0142/ }).first()).toBeVisible();
  await page.getByLabel("Your name").fill("Frank Landlord");
  await page.getByLabel("E-mail").fill("frank@example.com");
  await page.getByLabel("What is it about?").selectOption({ label: "Lead paint inspection (XRF)" });
  await page
    .getByLabel("Message", { exact: true })
    .fill("I need a lead certificate for a Baltimore rowhouse before the next tenant.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeFocused();
  const reference = (await page.locator("strong.font-mono").textContent())!;
  expect(await readE2eOutbox("contact-messages")).toContainEqual(
    expect.objectContaining({
      reference,
      message: expect.objectContaining({ name: "Frank Landlord", topic: "lead-paint" }),
    }),
  );
});

test("problems are shown by their fields and the first takes focus", { tag: "@desktop" }, async ({ page }) => {
  await openPage(page, "/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByLabel("Your name")).toBeFocused();
  await expect(page.getByLabel("Your name")).toHaveAccessibleDescription("Enter your name");
  await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
    "Write your message (at least 10 characters)",
  );
});

test("a failed send keeps the message and says why", { tag: "@desktop" }, async ({ page }) => {
  await openPage(page, `${brokenSite}/contact`);
  await page.getByLabel("Your name").fill("Gail Owner");
  await page.getByLabel("E-mail").fill("gail@example.com");
  await page.getByLabel("What is it about?").selectOption({ label: "Something else" });
  await page.getByLabel("Message", { exact: true }).fill("Please call me about a pre-listing inspection.");
  await page.getByRole("button", { name: "Send message" }).click();
  // The server's sentence, without the status code the call layer keeps.
  const notification = page.getByRole("region", { name: /Notifications/ });
  await expect(notification.getByText(/^We could not save your request just now\./)).toBeVisible();
  await expect(notification.getByText(/\b503\b/)).toHaveCount(0);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "Please call me about a pre-listing inspection.",
  );
  await expect(page.getByLabel("Your name")).toHaveValue("Gail Owner");
});

test(
  "the notifications' code comes when the visitor first acts on the page; lost on the way, it is fetched again for the next notification",
  { tag: "@desktop" },
  async ({ page }) => {
    let toasterAsked = 0;
    await page.route(/\/toaster-[\da-f]+\.js$/, async (route) => {
      toasterAsked += 1;
      // The first download fails, as it would on a connection that dropped.
      if (toasterAsked === 1) await route.abort("connectionreset");
      else await route.continue();
    });
    await openPage(page, `${brokenSite}/contact`);
    // Hydrated and then idle, the page has not asked for it: nobody has acted on it yet.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(toasterAsked).toBe(0);
    await page.getByLabel("Your name").fill("Gail Owner");
    await expect.poll(() => toasterAsked).toBe(1);
    await expect(page.getByRole("region", { name: /Notifications/ })).toHaveCount(0);
    // The form works without it: the send fails, its field problems show, and the notification
    // waits in the store until the code has come.
    await page.getByLabel("E-mail").fill("gail@example.com");
    await page.getByLabel("What is it about?").selectOption({ label: "Something else" });
    await page.getByLabel("Message", { exact: true }).fill("Please call me about a pre-listing inspection.");
    await page.getByRole("button", { name: "Send message" }).click();
    const notification = page.getByRole("region", { name: "Notifications (F8)" });
    await expect(notification.getByText(/^We could not save your request just now\./)).toBeVisible();
    expect(toasterAsked).toBe(2);
    await page.keyboard.press("F8");
    await expect(notification.getByRole("list")).toBeFocused();
  },
);

/** The forms' checks, asked for once a form has hydrated (src/hooks/use-form-checks.ts), known by a message of theirs. */
const CHECKS_TEXT = "Write your message (at least 10 characters)";

test(
  "the form's checks come once it has hydrated, and a send pressed before they come is checked when they come",
  { tag: "@desktop" },
  async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const formHydratedWhenAsked: boolean[] = [];
    await routeChunkHolding(page, CHECKS_TEXT, async (route, response) => {
      formHydratedWhenAsked.push(
        await page.evaluate(() =>
          Object.keys(document.getElementById("contact-form")!).some((key) => key.startsWith("__reactFiber")),
        ),
      );
      await released;
      await route.fulfill({ response });
    });
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posted.push(new URL(request.url()).pathname);
    });
    await openPage(page, "/contact");
    await expect.poll(() => formHydratedWhenAsked).toEqual([true]);

    // The name left empty, the rest filled in; sent while the checks are on their way.
    await page.getByLabel("E-mail").fill("gail@example.com");
    await page.getByLabel("What is it about?").selectOption({ label: "Something else" });
    await page.getByLabel("Message", { exact: true }).fill("Please call me about a pre-listing inspection.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByLabel("Your name")).not.toHaveAccessibleDescription("Enter your name");

    release();
    await expect(page.getByLabel("Your name")).toHaveAccessibleDescription("Enter your name");
    await expect(page.getByLabel("Your name")).toBeFocused();
    expect(posted).toEqual([]);
    expect(formHydratedWhenAsked).toEqual([true]);
  },
);

test(
  "without its checks (their download fails), the form still sends, and the server's check names the field",
  { tag: "@desktop" },
  async ({ page }) => {
    let checksAsked = 0;
    await routeChunkHolding(page, CHECKS_TEXT, async (route) => {
      checksAsked += 1;
      await route.abort("connectionreset");
    });
    await openPage(page, "/contact");
    await expect.poll(() => checksAsked).toBe(1);
    await page.getByLabel("Your name").fill("Gail Owner");
    await page.getByLabel("E-mail").fill("gail@example");
    await page.getByLabel("What is it about?").selectOption({ label: "Something else" });
    await page.getByLabel("Message", { exact: true }).fill("Please call me about a pre-listing inspection.");
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    // The send asked for the checks once more before it went without them.
    expect((await answer).status()).toBe(400);
    expect(checksAsked).toBe(2);
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(/e-mail address such as you@example\.com/);
    await expect(page.getByLabel("E-mail")).toBeFocused();
    await expect(page.getByLabel("Your name")).toHaveValue("Gail Owner");
  },
);
