/**
 * The report through a bucket, as on Netlify, at a phone's width: the built site with an S3-compatible server
 * (s3rver) on another loopback origin, which the desk's connect-src and the bucket's CORS rule (docs/deploy.md)
 * must name. The owner uploads from the desk, the client downloads by the report page's link, and a CORS rule
 * without the site is said in the owner's words. A key the bucket does not know is tested in reports.test.ts,
 * since s3rver checks it on the preflight too and a browser here would see only a CORS refusal.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { lastMailTo } from "../../src/lib/server/mail/deliveries";
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import {
  inSiteDatabase,
  moveVisitBack,
  signInToDesk,
  startsAhead,
  uploadReport,
  type TestSite,
} from "../support/desk-page";
import { shotsDir } from "../support/e2e-env";
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { openPage } from "../support/page";
import { startReportBucket, type ReportBucket } from "../support/report-bucket";
import { bookingRequest, SHORT_JOB } from "../support/sample-requests";

let bucket: ReportBucket;
let site: FunctionServer;

const deskSite = (server: FunctionServer): TestSite => ({ url: server.url, dataDir: server.dataDir });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // No CORS rule yet: the owner gives it once the site's address is known, as the guide's step 3 says.
  bucket = await startReportBucket([]);
  const env = {
    RATE_LIMIT_MAX: "1000",
    ...settingsEnv({ deskLinksPerMailboxPerHour: 1000, deskLinksPerClientPerHour: 1000, connectionsPerAddress: 1000 }),
  };
  site = await startFunctionServer({ ...env, ...bucket.env });
});

test.afterAll(async () => {
  await site?.stop();
  await bucket?.stop();
});

/** Today in Maryland, moved on `days` days, as YYYY-MM-DD. */
const marylandDay = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });

/** Books a short job on `server`, confirms it from the desk (signed in on `page`), and moves it back a week: its visit is done. */
async function visitDone(page: Page, server: FunctionServer, email: string) {
  const where = deskSite(server);
  const [start] = await startsAhead(page, where);
  const booked = await page.request.post(`${server.url}/api/schedule`, {
    data: bookingRequest(start!, { ...SHORT_JOB, name: "Robin Reader", email, agentName: "", agentEmail: "" }),
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };
  const confirmed = await page.request.post(`${server.url}/api/desk/confirm`, {
    data: { reference },
    headers: { origin: server.url },
  });
  expect(confirmed.status()).toBe(200);
  const visitDay = marylandDay(-7);
  await moveVisitBack(
    reference,
    Math.round((Date.parse(start!.slice(0, 10)) - Date.parse(visitDay)) / 86_400_000),
    where,
  );
  await page.getByLabel("Day", { exact: true }).fill(visitDay);
  const item = page.getByTestId("desk-item").filter({ hasText: reference });
  await expect(item).toContainText("(visit done)");
  await item.locator("summary").click();
  return { reference, item };
}

/** What the browser printed of a connection it refused (its policy, or the bucket's CORS rule): said there, and only there. */
function refusalsPrinted(page: Page): string[] {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|CORS policy/.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

/** A screenshot of the booking's card, in reports/tmp/report (ignored by git). */
const shoot = (item: Locator, view: string) =>
  item.screenshot({ path: path.join(shotsDir("report"), `bucket-${view}-390.png`) });

test(
  "the desk uploads the report straight to the bucket under the desk's own policy, the client downloads it from there, and a bucket whose CORS rule does not name the site is named plainly",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const printed = refusalsPrinted(page);
    await bucket.allowOrigins([site.url]);
    const where = deskSite(site);
    await signInToDesk(page, where);
    const email = "bucket-report@example.com";
    const { reference, item } = await visitDone(page, site, email);

    // The upload goes to the bucket, another origin: the desk's policy names it, and the bucket's rule names the site.
    const file = await uploadReport(item, 5, testInfo.outputPath("upload"));
    // What the desk says, and what the browser printed of a refused connection: none, where the policy names the bucket.
    const said = item
      .getByRole("status")
      .or(item.getByRole("alert"))
      .filter({ hasText: /uploaded/i });
    await expect(said).toBeVisible({ timeout: 60_000 });
    expect({ said: await said.textContent(), printed }).toEqual({
      said: expect.stringMatching(/^Uploaded: the report is kept, and the client has the e-mail with its page\./),
      printed: [],
    });
    await expect(item).toContainText("(5.0 MB)");
    // Kept under a key of its own: the upload's is gone from the bucket.
    const keys = await bucket.keys();
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^${reference}/[A-Za-z0-9_-]{22}\\.pdf$`))]);
    await shoot(item, "desk-uploaded");

    // The client opens the report page from the e-mail; released by the owner, it downloads from the bucket.
    await item.getByRole("button", { name: "Release anyway" }).click();
    await expect(item).toContainText("released before signing or paying");
    const mail = await inSiteDatabase(where, (db) => lastMailTo(db, email, "client"));
    const link = /https?:\/\/\S+\/report\?token=[A-Za-z0-9._-]+/.exec(mail!.text)![0];
    const client = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 390, height: 844 } });
    await openPage(client, `${site.url}${new URL(link).pathname}${new URL(link).search}`);
    await expect(client.getByRole("heading", { name: "Your report is ready" })).toBeVisible();
    const [download] = await Promise.all([
      client.waitForEvent("download"),
      client.getByRole("link", { name: "Download the report (PDF)" }).click(),
    ]);
    expect(new URL(download.url()).origin).toBe(bucket.endpoint);
    expect(readFileSync(await download.path()).equals(readFileSync(file))).toBe(true);
    await client.close();

    // The bucket's rule taken away: the browser refuses to send, and the desk says what to set.
    await bucket.allowOrigins(null);
    await uploadReport(item, 1, testInfo.outputPath("again"));
    const corsRefusal = item.getByRole("alert");
    await expect(corsRefusal).toHaveText(
      `The report was not uploaded: The bucket did not let this page send the report. Its CORS rule must name this site's address, ${site.url}, with PUT and GET (docs/deploy.md, Inspection reports, step 3). If it does, the connection dropped: check it and upload again.`,
    );
    expect(printed.join("\n")).toMatch(/blocked by CORS policy/);
    expect(printed.join("\n")).not.toMatch(/Content Security Policy/);
    await shoot(item, "desk-no-cors");
  },
);
