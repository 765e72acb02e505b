/**
 * The report and the fee together, with payments online switched on, on PGlite and PostgreSQL: a
 * report uploaded for a signed visit is withheld while the fee is owed, the client's page offers
 * the "pay now" link (the agent's page names the fee, without the client's link), and the report is
 * served once the owner records the payment. Stripe is never called: the owner takes it on site.
 */
import { moveVisitStart } from "../support/stored-booking";
import { AGENT_REPORT, COPY_AGENT } from "../../src/lib/forms/choices";
import type { DeskDays } from "../../src/features/desk/shared/desk-item";
import { withDatabase } from "../../src/serve/database-access";
import { desk, DESK_SECRETS, deskEngines, deskGet, mailsTo, signIn, visitors } from "../support/desk-client";
import { postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { openStartsOf } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";
import { STUB_WEBHOOK_SECRET } from "../support/stripe-stub";

const PAYMENTS_ON = { STRIPE_SECRET_KEY: "sk_test_never_called", STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET };
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 0x20), Buffer.from("\n%%EOF\n")]);

interface ReportPage {
  state: string;
  missing: Array<{ what: string; link: string | null; cents?: number }>;
}

describe.each(deskEngines)("the report of a visit not paid for, on %s", (_name, setup) => {
  const { book, lastEmail } = visitors("report-fee");
  let mailbox: Mailbox;
  let server: FunctionServer;
  let stopEngine: () => Promise<void>;
  let env: Record<string, string>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    ({ env, stop: stopEngine } = await setup());
    server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS, ...PAYMENTS_ON, ...env });
  });
  afterAll(async () => {
    await server?.stop();
    await stopEngine?.();
    await mailbox?.stop();
  });

  it("is withheld while the fee is owed, with the client's pay link, and served once the owner records the payment", async () => {
    const cookie = await signIn(server.url, mailbox);
    const [start] = await openStartsOf(server.url, SHORT_JOB);
    const agent = "fee.agent@example.com";
    const booked = await book(server.url, start!, {
      name: "Robin Reader",
      agentName: "Fee Agent",
      agentEmail: agent,
      copyAgent: COPY_AGENT,
      agentReport: AGENT_REPORT,
    });
    const { reference } = JSON.parse(booked.body) as { reference: string };
    const client = lastEmail();
    expect((await desk(server.url, "confirm", { reference }, cookie)).status).toBe(200);
    // The visit has begun: its time moved to five minutes ago, so the desk takes its report.
    await withDatabase((db) => moveVisitStart(db, reference, new Date(Date.now() - 5 * 60_000)), {
      ...process.env,
      DATA_DIR: server.dataDir,
      ...env,
    });
    const link = JSON.parse((await desk(server.url, "report-upload-link", { reference }, cookie)).body) as {
      key: string;
      url: string;
    };
    const put = await fetch(`${server.url}${link.url}`, {
      method: "PUT",
      body: new Uint8Array(PDF),
      headers: { "Content-Type": "application/pdf" },
    });
    expect(put.status).toBe(200);
    expect((await desk(server.url, "report-attach", { reference, key: link.key }, cookie)).status).toBe(200);

    // The visit's day in Maryland, and the next: it began five minutes ago, perhaps just before midnight.
    const marylandDay = new Date(Date.now() - 10 * 60_000).toLocaleDateString("en-CA", {
      timeZone: "America/New_York",
    });
    const pageOf = async (to: string) => {
      await waitFor(`the report's e-mail to ${to}`, () => mailsTo(mailbox, to, /\/report\?token=/).length > 0);
      const text = bodyText(mailsTo(mailbox, to, /\/report\?token=/)[0]!.raw);
      const token = /\/report\?token=([A-Za-z0-9._-]+)/.exec(text)![1]!;
      return {
        read: async () => {
          const answer = await fetch(`${server.url}/api/report?token=${token}`);
          expect(answer.status).toBe(200);
          return (await answer.json()) as ReportPage;
        },
        download: () => fetch(`${server.url}/api/report?token=${token}&download=1`, { redirect: "manual" }),
      };
    };
    const clientPage = await pageOf(client);
    const agentPage = await pageOf(agent);

    // Unsigned and unpaid: both steps, each with the client's own link.
    const unsigned = await clientPage.read();
    expect(unsigned).toMatchObject({ state: "withheld" });
    expect(unsigned.missing.map((step) => step.what)).toEqual(["sign", "pay"]);
    // Paid from the report's page, Stripe brings the client back to it; the page states the amount.
    expect(unsigned.missing[1]!.link).toMatch(/^\/api\/pay\?token=[^&]+&return=report$/);
    expect(unsigned.missing[1]!.cents).toBeGreaterThan(0);
    expect((await agentPage.read()).missing).toEqual([
      { what: "sign", link: null },
      { what: "pay", link: null },
    ]);

    const signing = unsigned.missing[0]!.link!;
    const signed = await postJson(`${server.url}/api/agreement`, {
      token: new URLSearchParams(signing.split("?")[1]).get("token"),
      name: "Robin Reader",
      consent: true,
    });
    expect(signed.status).toBe(200);
    // Signed, still owed: the fee alone stands between the client and the report.
    expect(await clientPage.read()).toMatchObject({
      state: "withheld",
      missing: [{ what: "pay", link: expect.stringMatching(/^\/api\/pay\?token=/) }],
    });
    const refused = await clientPage.download();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/the balance must be paid/);

    // What the desk says is owed, as the owner reads it before taking the check.
    const days = await deskGet(server.url, `days?from=${marylandDay}&days=2`, cookie);
    const owed = (JSON.parse(days.body) as DeskDays).items.find((item) => item.reference === reference)!.payment!;
    expect(owed).toMatchObject({ state: "unpaid", paidCents: 0, online: true });
    const amount = (owed.balanceCents / 100).toFixed(2);
    expect(unsigned.missing[1]!.cents).toBe(owed.balanceCents);
    const paid = await desk(
      server.url,
      "payment-taken",
      { reference, method: "check", amount, key: "press-report-payment-01" },
      cookie,
    );
    expect(paid.status).toBe(200);
    expect(await clientPage.read()).toMatchObject({ state: "ready", missing: [] });
    expect((await agentPage.read()).state).toBe("ready");
    expect((await clientPage.download()).status).toBe(303);
  });
});
