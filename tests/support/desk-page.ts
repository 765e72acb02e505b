/**
 * The owner's desk as the browser tests reach it: the sign-in link and the e-mails the test site
 * keeps (it has no SMTP), and the open times the site offers for the short job.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { withDatabase } from "../../src/serve/database-access";
import path from "node:path";
import { E2E_DATA, shotsDir } from "./e2e-env";
import { jobQuery, SHORT_JOB } from "./sample-requests";
import { openPage } from "./page";

export const OFFICE = "office@severnridgeinspections.com";

/**
 * A copy of the site a browser test reaches: its address, "" for the suite's own (the config's
 * baseURL), and its data folder, whose database the test reads and moves the clock in.
 */
export interface TestSite {
  url: string;
  dataDir: string;
}
export const E2E_SITE: TestSite = { url: "", dataDir: E2E_DATA };

async function openStarts(page: Page, month: string, site: TestSite): Promise<string[]> {
  const answer = await page.request.get(`${site.url}/api/availability/${month}?${jobQuery(SHORT_JOB)}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { starts: string[] }).starts;
}

/** The short job's open times this month and the next two. */
export async function startsAhead(page: Page, site: TestSite = E2E_SITE): Promise<string[]> {
  const months = [0, 1, 2].map((ahead) => {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + ahead);
    return date.toISOString().slice(0, 7);
  });
  return (await Promise.all(months.map((month) => openStarts(page, month, site)))).flat();
}

/** Work on a test site's database, reached as a command reaches it (through its functions' socket). */
export const inSiteDatabase = <T>(site: TestSite, work: Parameters<typeof withDatabase<T>>[0]) =>
  withDatabase(work, { ...process.env, DATA_DIR: site.dataDir });

export const inE2eDatabase = <T>(work: Parameters<typeof withDatabase<T>>[0]) => inSiteDatabase(E2E_SITE, work);

/**
 * Moves a booking's visit `days` back, at the same time of day, as if the clock had moved on: what
 * the desk offers once a visit has happened cannot otherwise be reached without waiting for it.
 */
export const moveVisitBack = (reference: string, days: number, site: TestSite = E2E_SITE) =>
  inSiteDatabase(site, (db) =>
    db.query(
      `UPDATE bookings SET start_at = start_at - make_interval(days => $2),
         during = tstzrange(lower(during) - make_interval(days => $2), upper(during) - make_interval(days => $2))
       WHERE reference = $1`,
      [reference, days],
    ),
  );

/** The number of the latest sign-in link e-mail kept, before a test asks for its own. */
export async function latestLinkNumber(site: TestSite = E2E_SITE): Promise<number> {
  const [row] = await inSiteDatabase(site, (db) =>
    db.query<{ latest: string | null }>("SELECT max(number) AS latest FROM deliveries WHERE message LIKE 'deskLink%'"),
  );
  return Number(row?.latest ?? 0);
}

/**
 * A sign-in link e-mailed to `address` after `after`, taken by this test alone: tests running side
 * by side all sign in as the office's mailbox, so each takes one link e-mail (renaming it, in one
 * statement) and no two open the same link. Waits until one is there.
 */
export async function takeSignInLink(address: string, after: number, site: TestSite = E2E_SITE): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      const [row] = await inSiteDatabase(site, (db) =>
        db.query<{ text: string }>(
          `UPDATE deliveries SET message = 'deskLink taken by a test'
           WHERE message = 'deskLink' AND number = (SELECT min(number) FROM deliveries
             WHERE message = 'deskLink' AND mail->>'to' = $1 AND number > $2)
           RETURNING mail->>'text' AS text`,
          [address, after],
        ),
      );
      text = row?.text;
      return Boolean(text);
    })
    .toBe(true);
  const link = /https?:\/\/\S+\/desk\?signin=[A-Za-z0-9_-]+/.exec(text!)?.[0];
  if (!link) throw new Error(`The sign-in e-mail to ${address} holds no link`);
  const url = new URL(link);
  return `${site.url}${url.pathname}${url.search}`;
}

/** Asks for a link on the sign-in page as the office's mailbox, opens it, and presses the button. */
export async function signInToDesk(page: Page, site: TestSite = E2E_SITE): Promise<void> {
  await openPage(page, `${site.url}/desk`);
  const after = await latestLinkNumber(site);
  await page.getByLabel("E-mail address").fill(OFFICE);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  await openPage(page, await takeSignInLink(OFFICE, after, site));
  await page.getByRole("button", { name: "Sign in to the desk" }).click();
  await expect(page.getByText(`Signed in as ${OFFICE}.`)).toBeVisible();
}

/** One e-mail kept by the test site, found by a query that selects its `mail`. */
export async function keptMail(sql: string, values: unknown[]): Promise<{ text: string; calendar?: string }> {
  const [row] = await inE2eDatabase((db) => db.query<{ mail: { text: string; calendar?: string } }>(sql, values));
  if (!row) throw new Error(`No kept e-mail for ${values.join(", ")}`);
  return row.mail;
}

/** A full-page screenshot of a desk view at the project's width, in reports/tmp/desk (ignored by git). */
export const shootDesk = (page: Page, view: string, project: string) =>
  page.screenshot({
    path: path.join(shotsDir("desk"), `desk-${view}-${project === "phone" ? 390 : 1280}.png`),
    fullPage: true,
  });

/**
 * Picks a generated PDF of `megabytes` for the booking's report on the desk and uploads it, as the
 * owner does from a phone. The file is a PDF by its header and trailer, padded to its size, and
 * written to the test's own folder: a file chooser takes a path, as a phone's picker gives one.
 */
export async function uploadReport(item: Locator, megabytes: number, folder: string): Promise<string> {
  const size = megabytes * 1024 * 1024;
  const pdf = Buffer.alloc(size, 0x20);
  pdf.write("%PDF-1.7\n", 0);
  pdf.write("\n%%EOF\n", size - 7);
  const file = path.join(folder, `inspection-report-${megabytes}mb.pdf`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, pdf);
  // "Report (PDF)", or "Replace the report (PDF)" once one is kept.
  await item.getByLabel(/report \(PDF\)/i).setInputFiles(file);
  await item.getByRole("button", { name: "Upload the report" }).click();
  return file;
}

/**
 * Holds the page's uploads to `bytesPerSecond`, as a phone's connection does (Chromium's own
 * network throttling), so the upload's progress is on screen long enough to be read.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}
