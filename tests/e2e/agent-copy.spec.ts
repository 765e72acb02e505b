/**
 * The client's say in whether their agent is copied: on the schedule form's details step, a box
 * labelled in plain words beside the agent's e-mail, unticked until the client ticks it, whose
 * answer is shown on the review and stored with the booking, and whose agent then has a copy of
 * the booking e-mail with its invite. Screenshots of the agent's part of the form at each width.
 */
import { expect, test } from "@playwright/test";
import { withDatabase } from "../../src/serve/database-access";
import { lastMailTo } from "../../src/lib/server/mail/deliveries";
import { axeViolations, describeViolations } from "../support/axe";
import { chooseOpenTime, DAY_SLOTS } from "../support/booking";
import { e2eEnv, readE2eOutbox, shotsDir } from "../support/e2e-env";
import { attendeesOf, eventsOf } from "../support/invite";
import { openPage } from "../support/page";
import { fillClient, fillProperty, next, visitor } from "../support/schedule-form";

const BOX = "Copy my agent on the booking's e-mails";

test("the client chooses with a labelled box whether their agent is copied, and the choice reaches the booking", async ({
  page,
}, testInfo) => {
  // Every step of the form and a booking: about 16 s alone, twice that on a busy machine.
  test.setTimeout(90_000);
  const agent = visitor().email.replace(/^dana/, "al.agent");
  await openPage(page, "/schedule");
  await next(page);
  await fillProperty(page);
  await next(page);
  await chooseOpenTime(page, DAY_SLOTS.agentCopy, testInfo.project.name);
  await next(page);
  await fillClient(page, "Robin Copies");
  await page.getByLabel("Your agent's name").fill("Al Agent");
  await page.getByLabel("Your agent's e-mail").fill(agent);

  // Unticked until the client ticks it: the agent's address alone copies nobody.
  const box = page.getByRole("checkbox", { name: BOX });
  await expect(box).toBeVisible();
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(/copy of each e-mail about the time .* but not your links/);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  // Ticked by its label, as a finger or a pointer does.
  await page.getByText(BOX).click();
  await expect(box).toBeChecked();
  const top = (await page.getByLabel("Your agent's name").boundingBox())!;
  const bottom = (await page.locator("#copyAgent-hint").boundingBox())!;
  await page.screenshot({
    path: `${shotsDir("agent-copy")}/form-agent-part-${testInfo.project.name}.png`,
    clip: {
      x: 0,
      y: top.y - 40,
      width: page.viewportSize()!.width,
      height: bottom.y + bottom.height + 16 - (top.y - 40),
    },
  });
  await next(page);

  await expect(page.getByRole("heading", { name: /Review and send/ })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: BOX })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^Yes$/ })).toBeVisible();
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/schedule"));
  await page.getByRole("button", { name: "Book this time" }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByRole("heading", { name: "Time held for you" })).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: /^A confirmation e-mail is on its way/ })).toContainText(
    `and a copy to ${agent}`,
  );

  const sentence = page.getByRole("paragraph").filter({ hasText: /^Your reference is / });
  const reference = /Your reference is (\S+)\./.exec((await sentence.textContent())!)![1]!;
  const stored = (await readE2eOutbox("schedule-requests")).find((line) => line.reference === reference);
  expect(stored).toMatchObject({ request: { agentEmail: agent, copyAgent: "yes" } });
  const copy = (await withDatabase((db) => lastMailTo(db, agent, "agentCopy"), e2eEnv()))!;
  expect(copy.subject).toMatch(new RegExp(`^Your client's inspection is held: .+ \\(${reference}\\)$`));
  expect(attendeesOf(eventsOf(copy.calendar!)[0]!)).toEqual([visitor().email, agent]);
});
