import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { inE2eDatabase, latestLinkNumber, OFFICE, shootDesk, takeSignInLink } from "../support/desk-page";
import { openPage } from "../support/page";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Whether the link of this token has been used. */
async function linkUsed(token: string): Promise<boolean> {
  const [row] = await inE2eDatabase((db) =>
    db.query<{ used: boolean }>("SELECT used_at IS NOT NULL AS used FROM desk_links WHERE token_hash = $1", [
      sha256(token),
    ]),
  );
  if (!row) throw new Error("No such link is stored");
  return row.used;
}

test("a mail scanner that opens the e-mailed link, scripts and all, spends nothing; the button signs in, the Sessions view lists the session and the notice's page ends it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  await openPage(page, "/desk");
  const after = await latestLinkNumber();
  await page.getByLabel("E-mail address").fill(OFFICE);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  const link = await takeSignInLink(OFFICE, after);
  const token = new URL(link, "http://site").searchParams.get("signin")!;

  // The scanner: another browser opens the link and runs its scripts until the network is idle.
  const scanner = await browser.newContext();
  const scanned = await scanner.newPage();
  await openPage(scanned, link);
  await expect(scanned.getByRole("button", { name: "Sign in to the desk" })).toBeVisible();
  await scanned.waitForLoadState("networkidle");
  await scanner.close();
  expect(await linkUsed(token)).toBe(false);

  // The owner opens the same link: nothing is spent until the button is pressed.
  await openPage(page, link);
  await expect(page).not.toHaveURL(/signin=/);
  const button = page.getByRole("button", { name: "Sign in to the desk" });
  await expect(button).toBeVisible();
  await expectAxeClean(page);
  await shootDesk(page, "link-page", project);
  expect(await linkUsed(token)).toBe(false);
  await button.click();
  await expect(page.getByText(`Signed in as ${OFFICE}.`)).toBeVisible();
  expect(await linkUsed(token)).toBe(true);

  // The Sessions view lists this session, marked as this one.
  await page.getByRole("button", { name: "Sessions", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Signed in now" })).toBeVisible();
  const mine = page.getByRole("listitem").filter({ hasText: `${OFFICE} (this session)` });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("From the network address 127.0.0.1");
  await expect(mine.getByRole("button", { name: "End this session (sign out)" })).toBeVisible();
  await expectAxeClean(page);
  await shootDesk(page, "sessions", project);

  // The sign-in notice's link, read for this session (its cookie names it), opens a page whose
  // button ends exactly this session, from a browser that is not signed in.
  const cookie = (await page.context().cookies()).find((each) => each.name === "desk")!.value;
  const [notice] = await inE2eDatabase((db) =>
    db.query<{ text: string }>(
      `SELECT d.mail->>'text' AS text FROM desk_sessions AS s JOIN deliveries AS d ON d.reference = s.notice
       WHERE s.id_hash = $1 AND d.message = 'deskSignIn'`,
      [sha256(cookie)],
    ),
  );
  const endLink = new URL(/https?:\/\/\S+\/desk\?end=[A-Za-z0-9_-]+/.exec(notice!.text)![0]);
  const elsewhere = await browser.newContext({ viewport: page.viewportSize()! });
  const noticePage = await elsewhere.newPage();
  await openPage(noticePage, `${endLink.pathname}${endLink.search}`);
  const end = noticePage.getByRole("button", { name: "End that session" });
  await expect(end).toBeVisible();
  await expectAxeClean(noticePage);
  await shootDesk(noticePage, "end-session", project);
  await end.click();
  await expect(noticePage.getByRole("status").filter({ hasText: `Ended the session of ${OFFICE}` })).toBeVisible();
  await elsewhere.close();

  // The owner's desk is signed out at its next request.
  await page.getByRole("button", { name: "Day", exact: true }).click();
  await openPage(page, "/desk");
  await expect(page.getByRole("button", { name: "Send me a sign-in link" })).toBeVisible();
});
