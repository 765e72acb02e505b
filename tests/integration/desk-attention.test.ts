/**
 * What the owner's desk follows up, against the built site under the production server, on
 * PGlite and on a real PostgreSQL server, with a real SMTP server on loopback: the link to sign the
 * agreement, sent to the client alone on each press and refused once signed, and what needs the
 * owner's attention (an e-mail refused for good, a booking to come with no signature, a data
 * request), to a session only.
 */
import { randomUUID } from "node:crypto";
import { postJson, send } from "../support/function-server";
import { getJson, openStartsOf } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";
import { bodyText, waitFor } from "../support/mailbox";
import { desk, deskEngines, deskGet, mailsTo, signIn, visitors } from "../support/desk-client";
import { deskServerForTests, FREQUENT_DELIVERIES } from "../support/desk-server";
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import type { DeskAttention } from "../../src/features/desk/shared/desk-attention";

/** A client whose mail server refuses every e-mail for good. */
const BOUNCING = "desk-bounce@example.com";

const { book, lastEmail } = visitors("desk-visitor");

describe.each(deskEngines)("what the desk follows up on %s", (_name, setup) => {
  const site = deskServerForTests(setup, {
    mailboxOptions: { refuseRecipient: (address) => (address === BOUNCING ? 553 : undefined) },
    settings: FREQUENT_DELIVERIES,
  });
  const { inDatabase } = site;
  let starts: string[];
  beforeAll(async () => {
    starts = await openStartsOf(site.server.url, SHORT_JOB);
  });

  it("sends the client alone the link to sign the agreement, once per press; refuses it once signed, without a session and from another origin", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    const agent = "desk-agent@example.com";
    const answer = await book(site.server.url, starts.shift()!, {
      bookedByAgent: BOOKED_BY_AGENT,
      agentName: "Bea Agent",
      agentEmail: agent,
      agentPhone: "(410) 555-0112",
    });
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    const email = lastEmail();
    expect((await desk(site.server.url, "resend-signing", { reference })).status).toBe(401);
    expect((await desk(site.server.url, "resend-signing", { reference }, cookie, "https://evil.example")).status).toBe(
      403,
    );
    expect((await desk(site.server.url, "resend-signing", { reference }, cookie, null)).status).toBe(403);

    const asking = /Please sign your inspection agreement/;
    expect((await desk(site.server.url, "resend-signing", { reference }, cookie)).status).toBe(200);
    await waitFor("the client's signing link", () => mailsTo(site.mailbox, email, asking).length === 1);
    expect((await desk(site.server.url, "resend-signing", { reference }, cookie)).status).toBe(200);
    await waitFor("the second press's e-mail", () => mailsTo(site.mailbox, email, asking).length === 2);
    const pressed = await inDatabase((db) =>
      db.query(
        `SELECT 1 FROM deliveries AS d JOIN requests AS r ON r.reference = d.reference
         WHERE r.kind = 'booking-changes' AND r.record->>'booking' = $1 AND d.mail->>'subject' LIKE 'Please sign%'`,
        [reference],
      ),
    );
    expect(pressed).toHaveLength(2);
    expect(mailsTo(site.mailbox, agent, asking)).toHaveLength(0);
    expect(
      site.mailbox.messages.filter((mail) => asking.test(bodyText(mail.raw))).every((mail) => mail.to.join() === email),
    ).toBe(true);

    // The link opens the client's agreement, and signs it.
    const link = /https?:\/\/\S+\/agreement\?token=([A-Za-z0-9._-]+)/.exec(
      bodyText(mailsTo(site.mailbox, email, asking)[0]!.raw),
    );
    const token = link![1]!;
    const agreement = await getJson(`${site.server.url}/api/agreement?token=${token}`);
    expect(agreement.status).toBe(200);
    expect(agreement.body).toMatchObject({ reference, signed: null });
    const { client } = agreement.body as { client: string };
    const signed = await send(`${site.server.url}/api/agreement`, {
      body: JSON.stringify({ token, name: client, consent: true }),
      contentType: "application/json",
    });
    expect(signed.status).toBe(200);
    const refused = await desk(site.server.url, "resend-signing", { reference }, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toBe("The client has already signed the agreement of this booking.");
    expect((await desk(site.server.url, "cancel", { reference }, cookie)).status).toBe(200);
    expect((await desk(site.server.url, "resend-signing", { reference }, cookie)).status).toBe(409);
  });

  it("lists what needs attention to a session only: an e-mail refused for good, a booking to come with no signature, a data request", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    expect((await deskGet(site.server.url, "attention")).status).toBe(401);
    const [bouncedStart, unsignedStart] = [starts.shift()!, starts.shift()!];
    const bounced = JSON.parse((await book(site.server.url, bouncedStart, { email: BOUNCING })).body) as {
      reference: string;
    };
    const unsigned = JSON.parse((await book(site.server.url, unsignedStart)).body) as { reference: string };
    const unsignedClient = lastEmail();
    const person = "desk-data@example.com";
    const asked = await postJson(`${site.server.url}/api/privacy`, { email: person, website: "" }, "127.0.79.1", {
      "Idempotency-Key": randomUUID(),
    });
    expect(asked.status).toBe(202);
    const attention = async () =>
      JSON.parse((await deskGet(site.server.url, "attention", cookie)).body) as DeskAttention;
    await waitFor("the refused confirmation to be given up", async () =>
      (await attention()).failedMails.some((mail) => mail.booking?.reference === bounced.reference),
    );
    await waitFor("the data link to be delivered", async () =>
      (await attention()).dataRequests.some((request) => request.asked.endsWith(person) && request.answered),
    );
    // Its only confirmation refused, the bounced booking lets its time go at the hold sweep's next pass.
    await waitFor("the sweep to let the bounced booking go", async () =>
      (await attention()).unsigned.every((booking) => booking.reference !== bounced.reference),
    );
    const seen = await attention();
    expect(seen.failedMails.find((mail) => mail.booking?.reference === bounced.reference)).toMatchObject({
      to: BOUNCING,
      sent: expect.stringMatching(/\(Maryland time\)$/),
      why: expect.stringMatching(/553/),
      booking: { reference: bounced.reference, day: bouncedStart.slice(0, 10) },
    });
    expect(seen.unsigned.find((booking) => booking.reference === unsigned.reference)).toMatchObject({
      day: unsignedStart.slice(0, 10),
      when: expect.stringMatching(/\(Maryland time\)$/),
      standing: "held, not yet confirmed",
      clientEmail: unsignedClient,
    });
    // Let go, it has nothing to sign for.
    expect(seen.unsigned.map((booking) => booking.reference)).not.toContain(bounced.reference);
    expect(seen.dataRequests.find((request) => request.asked.endsWith(person))).toMatchObject({
      asked: `Someone asked for a link to the data kept about ${person}`,
      when: expect.stringMatching(/\(Maryland time\)$/),
      answer: "The link: delivered.",
    });
    // Times in words only: no stored instant in UTC.
    expect(JSON.stringify(seen)).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });
});
