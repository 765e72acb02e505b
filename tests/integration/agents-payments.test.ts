/**
 * The agents' page with payment online, on PGlite and a real PostgreSQL server, against Stripe's stand-in and a
 * real SMTP server: an agent follows the fee from not paid to paid, in words and never an amount, and has the
 * client's pay link sent again to the client alone.
 */
import type { AgentPage } from "../../src/features/agents/shared/agent-view";
import { COPY_AGENT } from "../../src/lib/forms/choices";
import { agentGet, agentPost, agentSignIn } from "../support/agent-client";
import { deskEngines, mailsTo } from "../support/desk-client";
import { bodyText, waitFor } from "../support/mailbox";
import { startPaymentsSite, type PaymentsSite } from "../support/payments-site";

describe.each(deskEngines)("an agent's page with payment online, on %s", (_name, setup) => {
  let site: PaymentsSite;
  beforeAll(async () => {
    site = await startPaymentsSite(await setup(), "agentpay");
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("follows the fee to paid without an amount, and sends the pay link again to the client alone", async () => {
    const agent = "pat.pay@realty.example";
    const booked = await site.bookOne({ agentName: "Pat Pay", agentEmail: agent, copyAgent: COPY_AGENT });
    const cookie = await agentSignIn(site.server.url, site.mailbox, agent);
    const card = async () => {
      const answer = await agentGet(site.server.url, "page", cookie);
      expect(answer.status).toBe(200);
      // The amounts are the client's: neither dollars nor cents reach the agent's page.
      expect(answer.body).not.toMatch(/\$\d|cents/i);
      return (JSON.parse(answer.body) as AgentPage).bookings.find((each) => each.reference === booked.reference)!;
    };
    expect(await card()).toMatchObject({ payment: "not paid", canResendPay: true });

    const payLinksTo = (to: string) => mailsTo(site.mailbox, to, /\/api\/pay\?token=/);
    const [clientBefore, agentBefore] = [payLinksTo(booked.email).length, payLinksTo(agent).length];
    const sent = await agentPost(site.server.url, "resend-pay", { reference: booked.reference }, cookie);
    expect([sent.status, JSON.parse(sent.body)]).toEqual([200, { reference: booked.reference, sent: "to the client" }]);
    await waitFor("the client's pay link", () => payLinksTo(booked.email).length === clientBefore + 1);
    const mail = payLinksTo(booked.email).at(-1)!;
    expect(mail.to).toEqual([booked.email]);
    expect(bodyText(mail.raw)).not.toContain(agent);
    expect(payLinksTo(agent).length).toBe(agentBefore);

    await site.pay(booked);
    await waitFor("the payment recorded", async () => (await card()).payment === "paid");
    expect(await card()).toMatchObject({ payment: "paid", canResendPay: false });
    // Nothing is due, so the pay link is not sent again.
    expect((await agentPost(site.server.url, "resend-pay", { reference: booked.reference }, cookie)).status).toBe(409);
  });
});
