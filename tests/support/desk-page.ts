/**
 * The owner's desk as the browser tests reach it: the sign-in link and the e-mails the test site
 * keeps (it has no SMTP), and the open times the site offers for the short job.
 */
import { expect, type Page } from "@playwright/test";
import { withDatabase } from "../../src/serve/database-access";
import path from "node:path";
import { E2E_DATA, shotsDir } from "./e2e-env";
import { jobQuery, SHORT_JOB } from "./sample-requests";
import { openPage } from "./page";

export const OFFICE = "office@severnridgeinspections.com";

async function openStarts(page: Page, month: string): Promise<string[]> {
  const answer = await page.request.get(`/api/availability/${month}?${jobQuery(SHORT_JOB)}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { starts: string[] }).starts;
}

/** The short job's open times this month and the next two. */
export async function startsAhead(page: Page): Promise<string[]> {
  const months = [0, 1, 2].map((ahead) => {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + ahead);
    return date.toISOString().slice(0, 7);
  });
  return (await Promise.all(months.map((month) => openStarts(page, month)))).flat();
}

/**
 * The latest sign-in link kept for an address, as a path to open. Each test and width signs in as
 * the office's mailbox with a tag of its own, so no two read each other's.
 */
export async function signInLink(address: string): Promise<string> {
  const [row] = await withDatabase(
    (db) =>
      db.query<{ text: string }>(
        "SELECT mail->>'text' AS text FROM deliveries WHERE message = 'deskLink' AND mail->>'to' = $1 ORDER BY created_at DESC LIMIT 1",
        [address],
      ),
    { ...process.env, DATA_DIR: E2E_DATA },
  );
  const link = row && /https?:\/\/\S+\/desk\?signin=[A-Za-z0-9_-]+/.exec(row.text)?.[0];
  if (!link) throw new Error(`No desk sign-in link is kept for ${address}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs in to the desk as the office's mailbox tagged `+tag`, from the sign-in page and its link. */
export async function signInToDesk(page: Page, tag: string): Promise<void> {
  await openPage(page, "/desk");
  const address = OFFICE.replace("@", `+${tag}@`);
  await page.getByLabel("E-mail address").fill(address);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
  await openPage(page, await signInLink(address));
  await expect(page.getByText(`Signed in as ${OFFICE}.`)).toBeVisible();
}

/** One e-mail kept by the test site, found by a query that selects its `mail`. */
export async function keptMail(sql: string, values: unknown[]): Promise<{ text: string; calendar?: string }> {
  const [row] = await withDatabase((db) => db.query<{ mail: { text: string; calendar?: string } }>(sql, values), {
    ...process.env,
    DATA_DIR: E2E_DATA,
  });
  if (!row) throw new Error(`No kept e-mail for ${values.join(", ")}`);
  return row.mail;
}

/** A full-page screenshot of a desk view at the project's width, in reports/tmp/desk (ignored by git). */
export const shootDesk = (page: Page, view: string, project: string) =>
  page.screenshot({
    path: path.join(shotsDir("desk"), `desk-${view}-${project === "phone" ? 390 : 1280}.png`),
    fullPage: true,
  });
