/**
 * A person's data by the exact address their link was sent to, on PGlite and on PostgreSQL, through the data
 * page's queries and deletion: `x+tag@domain` and `x@domain` are two people (only the limits fold them); an agent
 * sees and deletes their own details inside a client's request, which stays the client's; a signed agreement
 * kept after a deletion goes on the day the page names, by the rule for a visit held or one cancelled before.
 */
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import type { Database } from "../../src/lib/server/db/database";
import { addressKey, agreementsOf as agreementsAbout, keptAbout } from "../../src/features/privacy/server/kept-about";
import { insertAgreement } from "../../src/features/signed-agreements/server/agreement-queries";
import { findBooking, insertBooking, setStatus } from "../../src/features/booking/server/booking-queries";
import { storeConfirmedBooking } from "../support/stored-booking";
import { instantOf, MARYLAND } from "../../src/lib/maryland-time/local-time";
import { longDate } from "../../src/lib/text/format";
import { neverHeldAgreementRule, retention } from "../../src/features/privacy/shared/declaration";
import { enforceRetention } from "../../src/features/privacy/server/retention";
import { deskItems } from "../../src/features/desk/server/desk-view";
import { insertDeliveries, insertRequest } from "../../src/lib/server/mail/outbox";
import { mailboxOf } from "../../src/lib/server/mail/mailbox-address";
import { deleteData } from "../../src/features/privacy/server/data-rights";
import { describeKept } from "../../src/features/privacy/server/kept-data";
import { blockDatabase, engines } from "../support/database-engines";

let made = 0;
/** A stored request of `kind` with `record`, and an e-mail to each of `to` (the first the business's) saying `text`. */
async function stored(db: Database, kind: string, record: Record<string, unknown>, to: string[], text: string) {
  made += 1;
  const reference = `T-20270310-R${String(made).padStart(3, "0")}`;
  const now = new Date().toISOString();
  await insertRequest(db, {
    kind,
    reference,
    receivedAt: now,
    record,
    answer: { status: 201, body: {} },
    idempotencyKey: null,
    fingerprint: null,
  });
  await insertDeliveries(
    db,
    reference,
    to.map((address, index) => ({
      message: ["business", "confirmation", "agentConfirmation"][index]!,
      mailbox: mailboxOf(address),
      from: "site@example.com",
      mail: { to: address, subject: `About ${reference}`, text },
      transport: "local" as const,
    })),
    now,
  );
  return reference;
}

const message = (email: string) => ({
  type: "contact",
  message: { name: `Writer ${email}`, email, topic: "radon", message: "Do you test for radon?" },
});

describe.each(engines)("on %s", (_name, open) => {
  const db = blockDatabase(open);

  const kept = async (address: string) => describeKept(address, await keptAbout(db, address), Date.now());

  it("shows and deletes the data of the address the link was sent to, never of another that folds to its mailbox", async () => {
    const tagged = "x+tag@example.org";
    const plain = "x@example.org";
    // The limits count both as one mailbox; the data is each person's own.
    expect(mailboxOf(tagged)).toBe(mailboxOf(plain));
    const taggedMessage = await stored(db, "contact-messages", message(tagged), ["office@example.com", tagged], "t");
    const plainMessage = await stored(db, "contact-messages", message(plain), ["office@example.com", plain], "p");

    const link = addressKey("X+Tag@Example.ORG");
    expect((await kept(link)).items.map((item) => item.reference)).toEqual([taggedMessage]);
    expect((await kept(plain)).items.map((item) => item.reference)).toEqual([plainMessage]);

    const result = await db.transaction((tx) => deleteData(tx, link, new Date()));
    expect(result.deleted).toEqual({ requests: 1, mails: 0, agentDetails: 0 });
    expect((await kept(link)).items).toEqual([]);
    const left = await kept(plain);
    expect(left.items.map((item) => item.reference)).toEqual([plainMessage]);
    expect(left.items[0]!.mails.map((mail) => mail.to)).toEqual(["office@example.com", plain]);
  });

  it("finds a signed agreement by the exact address its client booked with, also once its request and booking are gone", async () => {
    const tagged = "y+tag@example.org";
    const plain = "y@example.org";
    const reference = await stored(
      db,
      "schedule-requests",
      { type: "schedule", request: { name: "Yan Tagged", email: tagged } },
      ["office@example.com", tagged],
      "y",
    );
    const start = Date.now() - 40 * 24 * 60 * 60 * 1000;
    await insertBooking(db, {
      reference,
      inspector: 9,
      start: new Date(start).toISOString(),
      onSiteMinutes: 60,
      from: start,
      to: start + 2 * 60 * 60 * 1000,
      status: "booked",
      confirmBy: null,
      confirmWithinMinutes: 120,
      mailbox: mailboxOf(tagged),
      phone: "(410) 555-0301",
      property: "1 tagged lane",
      job: { mainInspection: "none", addOns: ["radon"], waterPackages: [], squareFeet: 2000, county: "Anne Arundel" },
      ownerEvent: { summary: "s", description: "d", location: "l" },
      createdAt: new Date(start).toISOString(),
    });
    const signature = {
      booking: reference,
      terms: "residential",
      version: "test",
      body: "text",
      bodySha256: "hash",
      signerName: "Yan Tagged",
      signedAt: new Date(start - 60_000).toISOString(),
      clientAddress: null,
      userAgent: null,
      clientName: "Yan Tagged",
    };
    await insertAgreement(db, signature, "Y+Tag@Example.org");
    // The request goes after its period (its booking with it); the agreement is kept.
    await db.query("DELETE FROM requests WHERE reference = $1", [reference]);
    expect((await agreementsAbout(db, addressKey(tagged))).map((kept) => kept.booking)).toEqual([reference]);
    expect(await agreementsAbout(db, plain)).toEqual([]);
  });

  it("shows an agent only their own details in a client's request, and blanks them there when the agent deletes", async () => {
    const agent = "Bea.Agent@Agents.example";
    const client = {
      name: "Cleo Client",
      email: "cleo@example.org",
      phone: "(410) 555-0199",
      street: "9 Client Court",
      bookedByAgent: BOOKED_BY_AGENT,
      agentName: "Bea Agent",
      agentEmail: agent,
      agentPhone: "(410) 555-0112",
    };
    const business = `Client: Cleo Client cleo@example.org\n  Booked by the agent: Bea Agent\n  Agent e-mail: ${agent}\n  Agent phone: (410) 555-0112`;
    const request = await stored(
      db,
      "schedule-requests",
      { type: "schedule", request: client },
      ["office@example.com", client.email, agent],
      business,
    );

    const seen = await kept(addressKey(agent));
    const mine = seen.items.find((item) => item.reference === request)!;
    expect(mine).toMatchObject({ asAgent: true, keptBecause: null });
    expect(mine.fields).toEqual([
      { label: "Agent's name", value: "Bea Agent" },
      { label: "Agent's e-mail address", value: agent },
      { label: "Agent's phone number", value: "(410) 555-0112" },
    ]);
    // Nothing of the client's reaches the agent: not in the item, not among the agent's e-mails.
    expect(JSON.stringify(seen.items)).not.toMatch(/Cleo|9 Client Court|555-0199/);
    expect(seen.otherMails.map((mail) => mail.to)).toEqual([agent]);

    const result = await db.transaction((tx) => deleteData(tx, addressKey(agent), new Date()));
    expect(result.deleted).toEqual({ requests: 0, mails: 1, agentDetails: 1 });
    expect((await kept(addressKey(agent))).items).toEqual([]);

    // The client's request stays whole but for the agent: it says an agent booked it, not who.
    const clientView = (await kept(client.email)).items.find((item) => item.reference === request)!;
    expect(clientView.record).toMatchObject({
      request: { name: "Cleo Client", bookedByAgent: BOOKED_BY_AGENT, agentName: "", agentEmail: "", agentPhone: "" },
    });
    const texts = clientView.mails.map((mail) => mail.text);
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toContain("Cleo Client");
      expect(text).not.toMatch(/Bea Agent|Bea\.Agent|555-0112/);
      expect(text).toContain("(deleted at the agent's request)");
    }
  });

  it("forgets an agent's name, e-mail and phone on the booking too when the agent deletes, keeping that an agent booked it", async () => {
    const agent = "Dee.Agent@Agents.example";
    const reference = "SR-20300101-DA1";
    await storeConfirmedBooking(db, {
      reference,
      inspector: 1,
      start: Date.UTC(2030, 0, 8, 14),
      onSiteMinutes: 180,
      heldHours: 4,
      total: 450,
      squareFeet: 2000,
      request: {
        mainInspection: "residential",
        addOns: [],
        waterPackages: [],
        name: "Eve Client",
        email: "eve@example.org",
        phone: "(410) 555-0123",
        street: "3 Client Lane",
        bookedByAgent: BOOKED_BY_AGENT,
        agentName: "Dee Agent",
        agentEmail: agent,
        agentPhone: "(410) 555-0134",
      },
    });
    expect((await findBooking(db, reference))!.agent).toEqual({
      name: "Dee Agent",
      email: agent,
      phone: "(410) 555-0134",
      role: "booked",
    });
    await db.transaction((tx) => deleteData(tx, addressKey(agent), new Date()));
    const booking = (await findBooking(db, reference))!;
    expect(booking.agent).toBeNull();
    expect(await db.query("SELECT agent_role FROM bookings WHERE reference = $1", [reference])).toEqual([
      { agent_role: "booked" },
    ]);
    expect(booking.client).toEqual({ name: "Eve Client", email: "eve@example.org", phone: "(410) 555-0123" });
  });

  it("keeps the agreement of a visit cancelled before it by the shorter rule, and a visited one's by the law's", async () => {
    const client = "nia.never@example.org";
    const signedBooking = async (start: string, status: "booked" | "cancelled", signedAt: string) => {
      const reference = await stored(
        db,
        "schedule-requests",
        { type: "schedule", request: { name: "Nia Never", email: client } },
        ["office@example.com", client],
        "n",
      );
      const from = Date.parse(start);
      await insertBooking(db, {
        reference,
        inspector: 10,
        start,
        onSiteMinutes: 60,
        from,
        to: from + 2 * 60 * 60 * 1000,
        status: "booked",
        confirmBy: null,
        confirmWithinMinutes: 120,
        mailbox: mailboxOf(client),
        phone: "(410) 555-0302",
        property: `${reference} never lane`,
        job: { mainInspection: "none", addOns: ["radon"], waterPackages: [], squareFeet: 2000, county: "Anne Arundel" },
        ownerEvent: { summary: "s", description: "d", location: "l" },
        createdAt: signedAt,
      });
      await insertAgreement(
        db,
        {
          booking: reference,
          terms: "residential",
          version: "test",
          body: "text",
          bodySha256: "hash",
          signerName: "Nia Never",
          signedAt,
          clientAddress: null,
          userAgent: null,
          clientName: "Nia Never",
        },
        client,
      );
      if (status === "cancelled") await setStatus(db, reference, "cancelled", "2026-11-30T15:00:00.000Z");
      return reference;
    };
    // Signed on November 27, 2026 for a visit on December 10, and cancelled before it; another
    // signed on November 10 and visited on November 20.
    const cancelled = await signedBooking("2026-12-10T14:00:00.000Z", "cancelled", "2026-11-27T15:00:00.000Z");
    const visited = await signedBooking("2026-11-20T14:00:00.000Z", "booked", "2026-11-10T15:00:00.000Z");
    const now = new Date("2026-12-01T15:00:00.000Z");
    // The owner's desk, while the bookings are kept, gives each agreement the day the page will.
    const keptUntil = async (day: string, reference: string) =>
      (await deskItems(db, day, 1, now.getTime())).find((item) => item.reference === reference)?.agreement?.keptUntil;
    expect(await keptUntil("2026-12-10", cancelled)).toBe(
      "November 27, 2027 (no visit took place: counted from the signature)",
    );
    expect(await keptUntil("2026-11-20", visited)).toBe(
      "December 20, 2031 (counted from a month after the visit until the report's delivery is recorded)",
    );

    const { kept: answer } = await db.transaction((tx) => deleteData(tx, client, now));
    // What the data page says after the deletion: "<what> <reference>: until <date>. <why>".
    const says = (reference: string) => {
      const item = answer.find((each) => each.reference === reference && /agreement/.test(each.what))!;
      return `${item.what} ${item.reference}: until ${longDate(item.goesOn)}. ${item.keptBecause}`;
    };
    // The cancelled visit's agreement: as a schedule request that did not lead to a visit, from its
    // signature (1 year by content/privacy.yaml), not 5 years from a report that will never come.
    expect(retention.requestsNotBookedYears).toBe(1);
    expect(says(cancelled)).toBe(
      `Signed inspection agreement ${cancelled}: until November 27, 2027. ${neverHeldAgreementRule(retention)}`,
    );
    expect(says(cancelled)).toContain("1 year from when it was signed");
    // The visited one's: 5 years from a month after the visit, the report's delivery at the latest.
    expect(says(visited)).toMatch(
      new RegExp(
        `^Signed inspection agreement ${visited}: until December 20, 2031\\. Maryland law keeps .*BOP §16-4A-05`,
      ),
    );
    // The cancelled booking went with the deletion; the visited one is kept as the record of the job.
    expect(answer.map((item) => [item.reference, item.what])).toEqual([
      [visited, "Booking (booked)"],
      [visited, "Signed inspection agreement"],
      [cancelled, "Signed inspection agreement"],
    ]);
    const page = await kept(client);
    expect(page.items.map((item) => [item.reference, item.goesOn])).toEqual([
      [visited, "2029-11-20"],
      [visited, "2031-12-20"],
      [cancelled, "2027-11-27"],
    ]);

    // The retention pass deletes it on the day the page named, and not the day before; the visited one stays.
    const agreements = async () =>
      (
        await db.query<{ booking: string }>("SELECT booking FROM agreements WHERE booking = ANY($1::text[])", [
          [cancelled, visited],
        ])
      )
        .map((row) => row.booking)
        .sort();
    await enforceRetention(db, new Date(instantOf("2027-11-26", "12:00", MARYLAND)!), retention, null);
    expect(await agreements()).toEqual([cancelled, visited].sort());
    await enforceRetention(db, new Date(instantOf("2027-11-27", "12:00", MARYLAND)!), retention, null);
    expect(await agreements()).toEqual([visited]);
  });
});
